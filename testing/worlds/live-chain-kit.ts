import { controlSpec } from '../../mocks/control/control-spec.ts';
import { LiveChain } from '../../mocks/control/live-chain.ts';
import { answersOf, type Answers } from '../../mocks/answers.ts';
import { mempoolTxIds, minedTxIds } from './test-worlds.ts';
import { resolveOptions } from '../../mocks/world/options.ts';
import type { Chain } from '../../mocks/world/tables/chain.ts';

// What the living chain's tests share: a chain of their seed, its parties, and every answer a client can see.
export const OPTIONS = resolveOptions({ seed: 3, blocks: 120 });
export const TX_OPTS = { eventLimit: 50, eventOffset: 0, unanchored: false };

export function liveChain(blockSeconds = 0): LiveChain {
  return new LiveChain(OPTIONS, controlSpec(), blockSeconds);
}

export function chainOf(live: LiveChain): Chain {
  return answersOf(live.queries).queries.chain;
}

export function txOf(world: Answers, id: string, unanchored = false) {
  return world.txListDetails([id], { ...TX_OPTS, unanchored })[id];
}

/** A rich sender and a recipient from the world catalogue. */
export function parties(live: LiveChain): { sender: string; recipient: string } {
  const catalogue = answersOf(live.queries).catalogue();
  return { sender: catalogue.addresses.stx_activity, recipient: catalogue.addresses.locked_stx };
}

/**
 * Every answer of a world, for the principals given: what a client can see. Two worlds with the
 * same answers are the same to any client.
 */
export function everyAnswer(world: Answers, principals: string[]): string {
  const chain = world.queries.chain;
  const ids = [...minedTxIds(chain), ...mempoolTxIds(chain)];
  return JSON.stringify({
    status: world.status(),
    latest: world.block({ latest: true }),
    stats: world.mempoolStats(),
    catalogue: world.catalogue(),
    txs: world.txListDetails(ids, { ...TX_OPTS, unanchored: true }),
    principals: principals.map((p) => ({
      balances: world.balances(p, { unanchored: false }),
      unanchored: world.balances(p, { unanchored: true }),
      history: world.transactionsWithTransfers(p, { limit: 50, offset: 0, unanchored: false }),
      page2: world.transactionsWithTransfers(p, { limit: 5, offset: 5, unanchored: true }),
      untilTip: world.balances(p, {
        untilBlock: { height: world.queries.blockHeight({ latest: true }) ?? 0 },
        unanchored: false,
      }),
    })),
  });
}

/** A micro-STX amount the answer must carry. */
export function big(value: string | undefined): bigint {
  if (value === undefined) throw new Error('amount missing');
  return BigInt(value);
}

export function samplePrincipals(world: Answers): string[] {
  return [...new Set(Object.values(world.catalogue().addresses).filter(Boolean))];
}
