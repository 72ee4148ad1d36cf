// What a broadcast's admission reads of the Clarity engine (a contract's interface), answered from
// what the engine said asynchronously. Admission itself is synchronous (it changes the mempool in
// one step); were its read a synchronous crossing, the mock's thread would sleep until the
// engine's thread answered, and on a busy machine that thread, lowered to let the readers go
// first (clarity/load.ts, `runEnginesInBackground`), answers late. So a read it has no answer for
// asks the engine without waiting (`callLater`) and throws `ClarityWarming`: the broadcast is
// tried again once the answer is in.
import type { ContractId, ContractInterface } from '../../clarity/engine.ts';
import type { HostedEngine } from '../../clarity/engine-wire.ts';
import { ClarityWarming } from '../../clarity/unavailable.ts';

/** What admission reads of the engine: a contract's interface, undefined when it is not deployed. */
export interface AdmissionReads {
  contractInterface(contract: ContractId): ContractInterface | undefined;
}

/** How a `KnownInterfaces` sees the engine it reads and the chain. */
export interface EngineView {
  /** The world height the engine holds, every call made before answered. */
  height(): number;
  /** The chain's height now. */
  tip(): number;
  /**
   * Resolves once the engine has no block's work in flight and has caught up with the chain
   * (`WorldEngine.ready()`): true when it is still this engine, with nothing running on it.
   */
  caughtUp(): Promise<boolean>;
}

/** What the engine answered for one contract, at the world height it held then. */
interface Known {
  readonly found: ContractInterface | undefined;
  readonly height: number;
}

/**
 * The interfaces one engine answered. A deployed contract's interface never changes on that
 * engine (a chain replaced under it starts another), so it is kept, and answered even while the
 * engine lags the chain; "not deployed" holds only at the chain's height it was answered for, as
 * any block may deploy it.
 */
export class KnownInterfaces {
  private readonly known = new Map<ContractId, Known>();
  private readonly asking = new Map<ContractId, Promise<void>>();

  constructor(
    private readonly engine: HostedEngine,
    private readonly view: EngineView,
  ) {}

  reads(): AdmissionReads {
    return { contractInterface: (contract) => this.now(contract) };
  }

  private now(contract: ContractId): ContractInterface | undefined {
    const known = this.known.get(contract);
    if (known && (known.found || known.height === this.view.tip())) return known.found;
    throw new ClarityWarming(this.ask(contract));
  }

  /**
   * Asks the engine once it holds the chain as it is, nothing running on it; an engine replaced or
   * lost meanwhile answers nothing, and the retry finds the new one.
   */
  private ask(contract: ContractId): Promise<void> {
    const asked = this.asking.get(contract);
    if (asked) return asked;
    const asking = this.askCaughtUp(contract).finally(() => this.asking.delete(contract));
    this.asking.set(contract, asking);
    return asking;
  }

  private async askCaughtUp(contract: ContractId): Promise<void> {
    if (!(await this.view.caughtUp())) return;
    const height = this.view.height();
    try {
      const found = await this.engine.callLater({ method: 'contractInterface', args: [contract] });
      this.known.set(contract, { found: found as ContractInterface | undefined, height });
    } catch {
      // Lost: the retry reads the engine that replaces it.
    }
  }
}
