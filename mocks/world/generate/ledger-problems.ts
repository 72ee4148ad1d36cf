import { inFileOrder, WorldFileError } from '../declared/plan.ts';
import type { WorldOptions } from '../options.ts';
import { buildChain } from './build-chain.ts';

/**
 * Every problem of a world file in one reading: to the problems its compiling found (schema and
 * references, `err`), those the chain builder's running ledger finds in the rest of the file,
 * built from `options` (the world with the file's partial plan); all of them in file order.
 */
export function withLedgerProblems(err: WorldFileError, options: WorldOptions): WorldFileError {
  let ledger: readonly string[] = [];
  try {
    buildChain(options);
  } catch (built) {
    // Any other failure: the rest of a broken file is no world the builder promises to take, and the file's own problems stand.
    if (built instanceof WorldFileError) ledger = built.problems;
  }
  return new WorldFileError(inFileOrder([...err.problems, ...ledger]));
}
