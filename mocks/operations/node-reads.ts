import { isClarityUnavailable } from '../clarity/unavailable.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { isNodeBootContract } from '../world/tables/kinds.ts';
import { sourceOf } from '../world/derive/contract-source.ts';
import type { DeployedContract } from '../query/contracts.ts';
import type { ContractReads } from '../world/run/world-engine.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { own, type OperationId, type OperationResult } from './types.ts';

/** The node's 404 for a `tip` that names no block it knows. */
export const NO_TIP = 'Chain tip not found';

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

/** Where a read runs: the height `tip` names, and as the engine takes it (undefined: the tip). */
export interface ReadHeight {
  readonly height: number;
  readonly at: number | undefined;
}

/**
 * Runs `read` on the Clarity engine (once it has warmed up: a request that comes first waits)
 * at the height `tip` names; or 501 with the one line naming the package to install when the
 * engine is not installed, or the node's text 404 for an unknown tip.
 */
export async function withEngine<Id extends OperationId>(
  queries: WorldQueries,
  tip: string | undefined,
  read: (reads: ContractReads, where: ReadHeight) => OperationResult<Id>,
): Promise<OperationResult<Id>> {
  let reads: ContractReads;
  try {
    reads = await queries.clarity.ready();
  } catch (err) {
    if (isClarityUnavailable(err)) return { status: 501, message: err.message };
    throw err;
  }
  const height = heightOfTip(queries, tip);
  if (height === undefined) return nodeNotFound(NO_TIP);
  return read(reads, { height, at: height >= tipHeight(queries.chain) ? undefined : height });
}

/** The node's 404, as text. */
export function nodeNotFound<Id extends OperationId>(text: string): OperationResult<Id> {
  return own({ text }, 404);
}

/**
 * The source the contract routes serve for a mined contract: the world's, but for one of the
 * node's boot contracts (the mock ships no source of theirs) the Clarity engine's copy, as
 * `/v2/contracts/interface` answers the engine's interface of it; undefined when the engine holds
 * no such contract.
 */
export function servedSource(
  chain: Chain,
  deployed: DeployedContract,
  reads: ContractReads,
): string | undefined {
  const { contract } = deployed;
  return isNodeBootContract(contract.kind) ? reads.source(contract.id)?.source : sourceOf(chain, contract);
}
