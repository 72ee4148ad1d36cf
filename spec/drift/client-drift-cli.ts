// `make drift` as a process: the command (drift-command.ts), its verdict the exit code.
import { driftCommand } from './drift-command.ts';

process.exitCode = await driftCommand(process.argv.slice(2));
