import { inFileOrder, WorldFileError } from '../declared/plan.ts';
import type { WorldOptions } from '../options.ts';
import { buildChain } from './build-chain.ts';

/**
 * Every problem of a world file in one reading: to the problems its compiling found (schema and
 * references, `err`), those the chain builder's running ledger finds in the rest of the file,
 * built from `options` (the world with the file's partial plan). When the rest builds, or fails
 * otherwise, `err` as it is.
 */
export function withLedgerProblems(err: WorldFileError, options: WorldOptions): WorldFileError {
  try {
    buildChain(options);
  } catch (built) {
    if (built instanceof WorldFileError)
      return new WorldFileError(inFileOrder([...err.problems, ...built.problems]));
    // The rest of a broken file is no world the builder promises to take: the file's own problems stand.
  }
  return err;
}
