import type { Chain } from '../world/tables/chain.ts';
import type { Contract } from '../world/tables/contracts.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { Action, EventKind, Status } from '../world/tables/kinds.ts';
import type { Listing } from './paging.ts';

/** A contract the chain mined, and the transaction that deployed it. */
export interface DeployedContract {
  readonly contract: Contract;
  /** Its deploying transaction's row in the chain's table. */
  readonly tx: number;
  /** The height of the block that deployed it: a stacks-node's `publish_height`. */
  readonly height: number;
}

/** One log (`print`) of a contract: the transaction and the event's index in it. */
export interface ContractLog {
  readonly tx: number;
  readonly eventIndex: number;
}

/**
 * The contracts of one version of the chain, by identifier, with their deploying transactions
 * and their logs. Built on first use per version (`WorldQueries.contracts`): one walk of the
 * mined transactions finds every deployment; a contract's logs are gathered when first asked.
 */
export class ContractDirectory {
  private readonly deployed = new Map<string, DeployedContract>();
  private readonly logsOf = new Map<number, readonly ContractLog[]>();

  constructor(private readonly chain: Chain) {
    const t = chain.txs;
    for (let tx = 0; tx < t.count; tx++) {
      const action = t.action[tx];
      if (action !== Action.Deploy && action !== Action.Genesis) continue;
      if (t.status[tx] !== Status.Success) continue;
      const contract = chain.contracts[t.contract[tx] as number];
      if (contract && !contract.pending)
        this.deployed.set(contract.id, { contract, tx, height: t.height[tx] as number });
    }
  }

  /** The contract `id` as the chain stands at `height` (deployed at or below it); undefined if not. */
  find(id: string, height: number = Number.POSITIVE_INFINITY): DeployedContract | undefined {
    const found = this.deployed.get(id);
    return found && found.height <= height ? found : undefined;
  }

  /**
   * The contract's logs on the chain, newest first: by block height, transaction index and
   * event index, all descending, as the real service orders its contract logs (it keeps any
   * contract's, the BNS boot contract's too). An unknown contract has none.
   */
  logs(id: string): Listing<ContractLog> {
    const index = this.deployed.get(id)?.contract.index;
    const rows = index === undefined ? [] : this.gather(index);
    return { total: rows.length, at: (position) => rows[position] as ContractLog };
  }

  private gather(contract: number): readonly ContractLog[] {
    const known = this.logsOf.get(contract);
    if (known) return known;
    const rows: ContractLog[] = [];
    const t = this.chain.txs;
    // The table is in chain order (height, then index in the block): walked backwards, newest first.
    for (let tx = t.count - 1; tx >= 0; tx--) {
      // A log is always the called or deployed contract's own.
      if (t.contract[tx] !== contract) continue;
      const mine: ContractLog[] = [];
      let eventIndex = 0;
      forEachEvent(this.chain, tx, (kind, _sender, _recipient, c) => {
        if (kind === EventKind.Log && c === contract) mine.push({ tx, eventIndex });
        eventIndex++;
      });
      for (let i = mine.length - 1; i >= 0; i--) rows.push(mine[i] as ContractLog);
    }
    this.logsOf.set(contract, rows);
    return rows;
  }
}
