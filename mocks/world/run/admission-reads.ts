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

/** What the engine answered for one contract, at the world height it held then. */
interface Known {
  readonly found: ContractInterface | undefined;
  readonly height: number;
}

/**
 * The interfaces one engine answered. A deployed contract's interface never changes on that
 * engine (a chain replaced under it starts another), so it is kept; "not deployed" holds only at
 * the height it was answered for, as any block may deploy it.
 */
export class KnownInterfaces {
  private readonly known = new Map<ContractId, Known>();
  private readonly asking = new Map<ContractId, Promise<void>>();

  /** `height`: the world height the engine holds now, every call made before answered. */
  constructor(
    private readonly engine: HostedEngine,
    private readonly height: () => number,
  ) {}

  /** Reads for an admission now, the engine holding the chain as it is (nothing in flight on it). */
  reads(): AdmissionReads {
    return { contractInterface: (contract) => this.now(contract) };
  }

  private now(contract: ContractId): ContractInterface | undefined {
    const known = this.known.get(contract);
    if (known && (known.found || known.height === this.height())) return known.found;
    throw new ClarityWarming(this.ask(contract));
  }

  /** Asks the engine, after what it runs already; a lost engine answers nothing, and the retry finds it lost. */
  private ask(contract: ContractId): Promise<void> {
    const asked = this.asking.get(contract);
    if (asked) return asked;
    const height = this.height();
    const asking = this.engine
      .callLater({ method: 'contractInterface', args: [contract] })
      .then(
        (found) => void this.known.set(contract, { found: found as ContractInterface | undefined, height }),
        () => undefined,
      )
      .finally(() => this.asking.delete(contract));
    this.asking.set(contract, asking);
    return asking;
  }
}
