import { tipHeight } from '../world/tables/chain.ts';
import type { ClarityReads } from '../query/clarity-reads.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { own, type OperationId, type OperationResult } from './types.ts';

/** The node's 404 for a `tip` that names no block it knows. */
export const NO_TIP = 'Chain tip not found';

/** What a contract route answers without the engine: the package to install, and where to read more. */
export const NO_ENGINE =
  'this route runs Clarity, and no Clarity engine is installed: add @stacks/clarinet-sdk beside the mock (npm install --save-dev @stacks/clarinet-sdk) and start it again (docs/clarity.md)';

/**
 * The height a stacks-node's `tip` names: absent, empty, `latest` (the mock's engine runs anchored
 * blocks only) or anything that is not a block id, the anchored tip, as the node falls back;
 * an index block hash (64 hex digits), that canonical block, or undefined when none has it.
 */
export function heightOfTip(queries: WorldQueries, tip: string | undefined): number | undefined {
  const top = tipHeight(queries.chain);
  if (tip === undefined || !/^[0-9a-fA-F]{64}$/.test(tip)) return top;
  return queries.blockHeightByIndexHash(`0x${tip.toLowerCase()}`);
}

/** `<address>.<name>`, as the node joins a contract's path parameters. */
export function contractIdOf(path: { contract_address: string; contract_name: string }): string {
  return `${path.contract_address}.${path.contract_name}`;
}

/**
 * Runs `read` with the engine and the height `tip` names; or the node's text 404 for an unknown
 * tip, or 501 naming the package when no engine is installed.
 */
export function withEngine<Id extends OperationId>(
  queries: WorldQueries,
  tip: string | undefined,
  read: (engine: ClarityReads, height: number) => OperationResult<Id>,
): OperationResult<Id> {
  const engine = queries.clarity;
  if (!engine) return { status: 501, message: NO_ENGINE };
  const height = heightOfTip(queries, tip);
  if (height === undefined) return nodeNotFound(NO_TIP);
  return read(engine, height);
}

/** The node's 404, as text. */
export function nodeNotFound<Id extends OperationId>(text: string): OperationResult<Id> {
  return own({ text }, 404);
}
