#!/usr/bin/env node
// The installed package's `stacks-api-mock` command: the same entry point as `make mock`.
import '../mocks/cli.ts';
