// What the Clarity engine holds against what the extended answers say, on any world: every
// disagreement as one line. The tests of the world's engine (mocks/world/run/) walk them all.
import { Cl, cvToHex, type ClarityValue } from '@stacks/transactions';
import { heldOf } from '../../mocks/query/balances.ts';
import type { WorldQueries } from '../../mocks/query/world-queries.ts';
import { bigAmount } from '../../mocks/world/amount.ts';
import { ContractKind } from '../../mocks/world/tables/kinds.ts';
import type { ContractReads } from '../../mocks/world/run/world-engine.ts';

export function readOnly(
  reads: ContractReads,
  contract: string,
  fn: string,
  args: ClarityValue[],
  at?: number,
): ClarityValue {
  const answer = reads.callReadOnly(contract, fn, args.map(cvToHex), contract.split('.')[0] as string, at);
  if (!answer.okay) throw new Error(`${contract} ${fn}: ${answer.cause}`);
  return Cl.deserialize(answer.result);
}

function deployed(queries: WorldQueries, kind: ContractKind) {
  return queries.chain.contracts.filter((c) => c.kind === kind && !c.pending);
}

function everyPrincipal(queries: WorldQueries): string[] {
  const { principals } = queries.chain;
  return Array.from({ length: principals.count }, (_, p) => principals.name(p));
}

function differs(a: ClarityValue, b: ClarityValue): boolean {
  return cvToHex(a) !== cvToHex(b);
}

/**
 * Every FT holder whose `get-balance` is not its extended balance, and every token whose
 * holders do not add up to its `get-total-supply`. Returns how many holders it compared too.
 */
export function ftDisagreements(
  queries: WorldQueries,
  reads: ContractReads,
): { problems: string[]; compared: number } {
  const problems: string[] = [];
  let compared = 0;
  const holders = everyPrincipal(queries).map((name) => ({ name, ft: queries.tipBalances(name).facts.ft }));
  for (const ft of deployed(queries, ContractKind.Ft)) {
    let total = 0n;
    for (const { name, ft: balances } of holders) {
      const totals = balances.get(ft.index);
      if (!totals) continue;
      const extended = bigAmount(heldOf(totals));
      const engine = readOnly(reads, ft.id, 'get-balance', [Cl.principal(name)]);
      if (differs(engine, Cl.ok(Cl.uint(extended))))
        problems.push(`${ft.id} ${name}: extended ${extended}, engine ${Cl.prettyPrint(engine)}`);
      total += extended;
      compared++;
    }
    const supply = readOnly(reads, ft.id, 'get-total-supply', []);
    if (differs(supply, Cl.ok(Cl.uint(total))))
      problems.push(`${ft.id}: holders add up to ${total}, engine supply ${Cl.prettyPrint(supply)}`);
  }
  return { problems, compared };
}

/** Every NFT id (up to `get-last-token-id`) whose `get-owner` is not the holder the extended holdings name. */
export function nftDisagreements(
  queries: WorldQueries,
  reads: ContractReads,
): { problems: string[]; compared: number } {
  const owners = new Map<string, string>();
  for (const name of everyPrincipal(queries)) {
    for (const nft of queries.nftHoldings(name)) owners.set(`${nft.contract}:${nft.id}`, name);
  }
  const problems: string[] = [];
  let compared = 0;
  for (const nft of deployed(queries, ContractKind.Nft)) {
    const last = readOnly(reads, nft.id, 'get-last-token-id', []) as { value: { value: bigint } };
    for (let id = 1; id <= Number(last.value.value); id++) {
      const holder = owners.get(`${nft.index}:${id}`);
      const expected = Cl.ok(holder === undefined ? Cl.none() : Cl.some(Cl.principal(holder)));
      const engine = readOnly(reads, nft.id, 'get-owner', [Cl.uint(id)]);
      if (differs(engine, expected))
        problems.push(`${nft.id} #${id}: extended ${holder ?? 'burned'}, engine ${Cl.prettyPrint(engine)}`);
      compared++;
    }
  }
  return { problems, compared };
}
