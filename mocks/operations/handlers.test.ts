import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../spec/load.ts';
import { HANDLERS_PATH, handlersSource } from '../../scripts/write-handlers.ts';

describe('the handler registry (mocks/operations/handlers.ts)', () => {
  it('is the one generated from the spec: run `make types` after adding an operation', () => {
    const ids = listOperations().map((op) => op.operationId);
    expect(readFileSync(HANDLERS_PATH, 'utf8')).toBe(handlersSource(ids));
  });
});
