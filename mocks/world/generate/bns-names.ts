import { Rng } from '../rng.ts';
import type { DeclaredName } from '../declared/plan.ts';
import { problemAt } from '../declared/plan.ts';
import type { BnsRegistration } from '../tables/bns-names.ts';
import type { Chain } from '../tables/chain.ts';
import { Action, Status } from '../tables/kinds.ts';

/** How many names the seeded world registers, and how far a pick looks for a registering transaction. */
const GENERATED_NAMES = 6;
const SCAN = 64;
const WORDS = ['aurora', 'ember', 'juniper', 'lumen', 'nova', 'orbit', 'quill', 'sable', 'tundra', 'willow'];

/** A transaction that can register a name: a successful one its standard-address sender sent. */
function registers(chain: Chain, tx: number): boolean {
  const { txs, principals } = chain;
  const action = txs.action[tx] as Action;
  return (
    txs.status[tx] === Status.Success &&
    action !== Action.Coinbase &&
    action !== Action.TenureChange &&
    action !== Action.Genesis &&
    action !== Action.PoisonMicroblock &&
    !principals.isContract(txs.sender[tx] as number)
  );
}

/** The zone file an owner publishes for its name: its Gaia profile's URI. */
export function zonefileOf(name: string, owner: string): string {
  return `$ORIGIN ${name}\n$TTL 3600\n_http._tcp IN URI 10 1 "https://gaia.hiro.so/hub/${owner}/profile.json"\n`;
}

/**
 * The seeded world's names: a few, each on a transaction of one of the background's accounts
 * (`accounts`), drawn by a generator of their own so that the chain stays the seed's. Costs a few
 * dozen rows read, whatever the chain's size.
 */
export function generatedNames(chain: Chain, accounts: ReadonlySet<number>): BnsRegistration[] {
  const rng = new Rng(chain.options.seed ^ 0x0b45_0a3e);
  const out: BnsRegistration[] = [];
  const taken = new Set<string>();
  const { txs, principals } = chain;
  for (let attempt = 0; attempt < GENERATED_NAMES * 4 && out.length < GENERATED_NAMES; attempt++) {
    const start = rng.int(Math.max(1, chain.anchoredCount));
    const word = `${rng.pick(WORDS)}${10 + rng.int(90)}`;
    const namespace = out.length % 3 === 2 ? 'id' : 'btc';
    const name = `${word}.${namespace}`;
    const end = Math.min(chain.anchoredCount, start + SCAN);
    let tx = start;
    while (tx < end && !(registers(chain, tx) && accounts.has(txs.sender[tx] as number))) tx++;
    if (tx >= end || taken.has(name)) continue;
    taken.add(name);
    const owner = principals.name(txs.sender[tx] as number);
    out.push({ name, namespace, txId: txs.idHex(tx), zonefile: zonefileOf(name, owner) });
  }
  return out;
}

/**
 * A world file's names, each on its owner's first successful transaction at its height (or at any
 * height when it gives none); one the chain has no such transaction for is a problem of its line.
 */
export function declaredNames(
  chain: Chain,
  names: readonly DeclaredName[],
  problems: string[],
): BnsRegistration[] {
  const { txs, principals } = chain;
  return names.flatMap((n) => {
    const owner = principals.find(n.owner);
    let tx = n.height > 0 ? (chain.blocks.firstTx[n.height - 1] ?? chain.anchoredCount) : 0;
    const end =
      n.height > 0 && n.height < chain.blocks.count
        ? (chain.blocks.firstTx[n.height] as number)
        : chain.anchoredCount;
    while (tx < end && !(txs.sender[tx] === owner && registers(chain, tx))) tx++;
    if (owner < 0 || tx >= end) {
      const where = n.height > 0 ? ` at height ${n.height}` : '';
      problems.push(
        problemAt(
          n,
          `${n.name}: its owner's transaction${where} did not succeed, and a name is registered by one of its owner's that does (fix it, or declare another under transactions)`,
        ),
      );
      return [];
    }
    const zonefile = n.zonefile || zonefileOf(n.name, n.owner);
    return [{ name: n.name, namespace: n.namespace, txId: txs.idHex(tx), zonefile }];
  });
}
