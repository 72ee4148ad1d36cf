import { firstToken } from '../../clarity/top-level-forms.ts';
import { problemAt, type DeclaredContract, type DeclaredTx, type EntryRef } from '../declared/plan.ts';
import type { Chain } from '../tables/chain.ts';
import type { FunctionParam } from '../tables/clarity-txs.ts';
import { Action, Status } from '../tables/kinds.ts';
import type { BuildState } from './build-state.ts';
import type { DeclaredActivity } from './declared-activity.ts';
import { bare, type TxIntent } from './draft-tx.ts';

/**
 * What runs a world file's own deployments and calls as the chain is built: the Clarity engine
 * (world/run/declared-runs.ts), or what an earlier build recorded of it.
 */
export interface DeclaredRunner {
  /** The parameters of the call's function as its contract's interface types them, fit for its arguments; or the problem. */
  paramsOf(call: DeclaredTx): readonly FunctionParam[] | string;
  /**
   * Runs row `row` of the chain's transactions, just put in block h, records what it did in its
   * `clarityTxs` entry and answers its status; or the engine's reason it cannot run.
   */
  run(ref: EntryRef, chain: Chain, h: number, row: number): Status | string;
}

/** Puts a transaction in the block; `ran` runs it before the ledger takes it in. */
export type PushRun = (tx: TxIntent, ran: (row: number) => void) => void;

/**
 * A world file's own contracts and contract calls, mined at their heights as broadcast ones are:
 * a deployment of a `Broadcast` contract or a `ClarityCall`, each with its `clarityTxs` entry,
 * its outcome the engine's. They end their block (the deployments, then the calls, in file
 * order), as what only the engine runs ends a mined block.
 */
export class DeclaredContracts {
  /** Contracts whose deployment failed: their calls are not checked again. */
  private readonly failed = new Set<string>();

  constructor(
    private readonly s: BuildState,
    private readonly declared: DeclaredActivity,
    private readonly runner: DeclaredRunner,
  ) {}

  mine(h: number, push: PushRun): void {
    for (const c of this.declared.plan.contracts) if (c.height === h) this.deploy(c, h, push);
    for (const call of this.declared.callsAt(h)) this.call(call, h, push);
  }

  private deploy(c: DeclaredContract, h: number, push: PushRun): void {
    const { registry, principals, chain, txs, ledger, clock } = this.s;
    const deployer = principals.find(c.deployer);
    const spendable = ledger.spendable(deployer, clock.burnHeight);
    if (spendable < c.fee) {
      this.fail(
        c,
        `${this.declared.nameOf(c.deployer)} cannot pay the fee ${c.fee} µSTX at height ${h}: it has ${spendable} µSTX to spend`,
        c.contractId,
      );
      return;
    }
    const contract = registry.deployBroadcast(deployer, c.name, firstToken(c.source), c.clarityVersion, h);
    push({ ...bare(Action.Deploy, deployer), fee: c.fee, contract }, (row) => {
      chain.clarityTxs[txs.idHex(row)] = {
        payload: {
          kind: 'deploy',
          contract: c.contractId,
          source: c.source,
          clarityVersion: c.clarityVersion,
        },
        postConditions: [],
      };
      const status = this.runner.run(c, chain, h, row);
      if (typeof status === 'string') {
        txs.status[row] = Status.AbortByResponse;
        this.fail(c, `${this.label(c.contractId)} cannot be deployed: ${status}`, c.contractId);
        return;
      }
      txs.status[row] = status;
      registry.confirm(contract);
    });
  }

  private call(call: DeclaredTx, h: number, push: PushRun): void {
    if (this.failed.has(call.contract)) return;
    const params = this.runner.paramsOf(call);
    if (typeof params === 'string') {
      this.fail(call, `${this.label(call.contract)}: ${params}`);
      return;
    }
    const { chain, txs, ledger, clock, registry } = this.s;
    const tx = this.declared.draft(call, ledger, clock.burnHeight, registry.poxContract);
    if (!tx) return;
    push(tx, (row) => {
      chain.clarityTxs[txs.idHex(row)] = {
        payload: { kind: 'call', contract: call.contract, fn: call.fn, args: call.args, params },
        postConditions: [],
      };
      const status = this.runner.run(call, chain, h, row);
      if (typeof status === 'string') {
        txs.status[row] = Status.AbortByResponse;
        this.fail(call, `${this.label(call.contract)} ${call.fn} cannot run: ${status}`);
        return;
      }
      txs.status[row] = status;
    });
  }

  /** A contract as the file names it: `alice.counter`. */
  private label(contractId: string): string {
    const dot = contractId.indexOf('.');
    return `${this.declared.nameOf(contractId.slice(0, dot))}${contractId.slice(dot)}`;
  }

  private fail(ref: EntryRef, message: string, contract?: string): void {
    this.declared.problems.push(problemAt(ref, message));
    if (contract) this.failed.add(contract);
  }
}
