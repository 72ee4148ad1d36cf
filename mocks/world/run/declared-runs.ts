import type { ClarityValue } from '@stacks/transactions';
import { Cl } from '@stacks/transactions';
import { admits, debugType, typeOfValue, typeText, type AbiType } from '../../clarity/abi-types.ts';
import { EngineRefusal, type ClarityEngine } from '../../clarity/engine.ts';
import { runNow } from '../../clarity/engine-steps.ts';
import type { ContractRun, DeclaredTx, EntryRef } from '../declared/plan.ts';
import type { DeclaredRunner } from '../generate/declared-contracts.ts';
import type { Chain } from '../tables/chain.ts';
import type { FunctionParam } from '../tables/clarity-txs.ts';
import type { Status } from '../tables/kinds.ts';
import { engineOnlyTx } from './engine-txs.ts';
import { recordOutcome } from './mined-outcomes.ts';
import { ReplayRefusal, runInBlock, startReplay, type Replayed } from './replay.ts';

/**
 * Runs a world file's own deployments and calls in `engine` as the chain is built, block by
 * block (the engine catching up with the chain below each first), and keeps what it did in
 * `runs` for the builds after this one. A call is checked against its contract's interface first,
 * as a node checks a broadcast one before its mempool.
 */
export class EngineRunner implements DeclaredRunner {
  readonly runs: Record<string, ContractRun> = {};
  private replayed: Replayed | undefined;
  private readonly params = new Map<string, readonly FunctionParam[]>();

  constructor(private readonly engine: ClarityEngine) {}

  paramsOf(call: DeclaredTx): readonly FunctionParam[] | string {
    const abi = this.engine.contractInterface(call.contract);
    const fn = abi?.functions.find((f) => f.name === call.fn);
    if (fn?.access !== 'public') {
      const publics = abi?.functions.filter((f) => f.access === 'public').map((f) => f.name) ?? [];
      return `no public function ${JSON.stringify(call.fn)} (its public functions: ${publics.join(', ') || 'none'})`;
    }
    const params = fn.args as readonly { name: string; type: AbiType }[];
    if (params.length !== call.args.length)
      return `${call.fn} takes ${params.length} argument${params.length === 1 ? '' : 's'}, not ${call.args.length} (IncorrectArgumentCount(${params.length}, ${call.args.length}))`;
    for (const [i, param] of params.entries()) {
      const value: ClarityValue = Cl.deserialize((call.args[i] as { hex: string }).hex);
      if (!admits(param.type, value))
        return `args[${i}]: ${call.fn}'s ${param.name} is a ${typeText(param.type)}, not ${(call.args[i] as { repr: string }).repr} (TypeError(${debugType(param.type)}, ${debugType(typeOfValue(value))}))`;
    }
    const typed = params.map((p) => ({ name: p.name, type: typeText(p.type) }));
    this.params.set(call.entry, typed);
    return typed;
  }

  run(ref: EntryRef, chain: Chain, h: number, row: number): Status | string {
    const engineTx = engineOnlyTx(chain, chain.txs, row);
    if (!engineTx) throw new Error(`row ${row} is no transaction only the engine runs`);
    const replayed = (this.replayed ??= runNow(this.engine, startReplay(this.engine, chain)));
    let ran;
    try {
      ran = runNow(this.engine, runInBlock(this.engine, chain, replayed, h, engineTx));
    } catch (error) {
      if (!(error instanceof ReplayRefusal)) throw error;
      return `the chain below it cannot run in the Clarity engine: ${error.message}`;
    }
    if (ran instanceof EngineRefusal)
      return ran.tooExpensive ? `it runs past a block's cost limits (${ran.reason})` : ran.reason;
    const params = this.params.get(ref.entry);
    this.runs[ref.entry] = { outcome: ran, ...(params && { params }) };
    return recordOutcome(chain, chain.txs, row, ran);
  }
}

/** What an earlier build's engine did (`EngineRunner.runs`), recorded again in this build's chain: no engine needed. */
export function recordedRuns(runs: Readonly<Record<string, ContractRun>>): DeclaredRunner {
  const recorded = (ref: EntryRef): ContractRun => {
    const run = runs[ref.entry];
    if (!run) throw new Error(`${ref.entry} was not run in the Clarity engine`);
    return run;
  };
  return {
    paramsOf: (call) => recorded(call).params ?? [],
    run: (ref, chain, _h, row) => recordOutcome(chain, chain.txs, row, recorded(ref).outcome),
  };
}
