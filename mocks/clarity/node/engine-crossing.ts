// The calls from the mock's thread to an engine's thread (engine-worker.ts), over its port and
// the signal it sets with each answer. One call is on the port at a time, and calls run in the
// order they are made, whichever way: `now` sleeps in `Atomics.wait` until its answer is
// signalled; `later` awaits the signal with `Atomics.waitAsync` while this thread goes on. A
// `now` made while `later` calls are in flight or queued first takes their answers, in order,
// and hands each to its caller: no call ever reads another's answer.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { EngineRefusal } from '../engine.ts';
import { revived, type Reply, type ThreadCall, type Tip } from '../engine-wire.ts';
import { ANSWERED, NOT_TAKEN, TAKEN_AT } from './thread-clock.ts';

/** How long one crossing may take, stated by whoever makes it, and what a call past it is refused as. */
export interface CrossingBudget {
  readonly ms: number;
  /** The refusal's reason, after the method's name. */
  readonly past: string;
  /**
   * Counted in the engine's thread's CPU time where it can be read (thread-clock.ts), up to the
   * hung thread's limit (`OWN_WORK_BUDGET`); in wall-clock time otherwise.
   */
  readonly cpu?: true;
}

/**
 * The most CPU time of the engine's thread one call may take. A node stops a call at its runtime
 * limit (5·10⁹ units) in a few seconds; the simnet takes about a minute to reach it, the mock
 * answering nothing meanwhile. Past this budget the engine's thread is stopped, the call is
 * refused as too expensive (`EngineTimeout`), and a new engine replays the chain.
 */
export const CALL_BUDGET_MS = 5_000;

/** The budget of a call that runs someone's Clarity: past it, refused as too expensive. */
export const CALL_BUDGET: CrossingBudget = {
  ms: CALL_BUDGET_MS,
  cpu: true,
  past:
    `CostBalanceExceeded: ran past the mock's budget of ${CALL_BUDGET_MS / 1000} s for one call ` +
    '(a call spinning to the runtime limit)',
};

/**
 * The budget of the mock's own work on the engine's thread (an image of the session, a batch of
 * signatures, the boot contracts' interfaces through the epochs): it runs no one's Clarity and is
 * bounded, but on a loaded machine it outlasted the call budget, and the engine was stopped for
 * it. This one only catches a thread that hangs.
 */
export const OWN_WORK_BUDGET: CrossingBudget = {
  ms: 120_000,
  past: "the engine's thread did not answer within 120 s",
};

/** A batch of calls that run someone's Clarity has each of its calls' budget. */
export function batchBudget(calls: number): CrossingBudget {
  return { ...CALL_BUDGET, ms: CALL_BUDGET_MS * Math.max(1, calls) };
}

/** A call stopped at its budget: a node's miner would leave it out, as past a block's limits. */
export class EngineTimeout extends EngineRefusal {
  constructor(method: ThreadCall['method'], budget: CrossingBudget) {
    super(`${method}: ${budget.past}`);
  }
}

/** A call on the port: when it was posted (`Date.now()`). */
interface Posted {
  readonly call: ThreadCall;
  readonly budget: CrossingBudget;
  posted: number;
}

/** An asynchronous call: what settles its promise, and, once posted, its deadline and timer. */
interface Later extends Posted {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  deadline: number;
  timer?: NodeJS.Timeout;
}

export class EngineCrossing {
  private tipNow: Tip;
  private stopError: Error | undefined;
  /** The asynchronous call on the port: its answer is the next the engine's thread signals. */
  private inFlight: Later | undefined;
  private readonly queued: Later[] = [];

  /**
   * `stuck`: a call ran past its budget; the engine's thread must be stopped (`stop`). `cpuMs`:
   * the CPU time the engine's thread has spent on the call it took last (thread-clock.ts), where
   * it can be read.
   */
  constructor(
    private readonly port: MessagePort,
    private readonly signal: Int32Array,
    tip: Tip,
    private readonly stuck: () => void,
    private readonly cpuMs?: () => number | undefined,
  ) {
    this.tipNow = tip;
  }

  /** The engine's tip, as its last answer gave it. */
  get tip(): Tip {
    return this.tipNow;
  }

  get stopped(): boolean {
    return this.stopError !== undefined;
  }

  /** No call is on the port or waits to be: the engine's thread answers nothing now. */
  get idle(): boolean {
    return !this.stopped && !this.inFlight && this.queued.length === 0;
  }

  /** No call crosses any more: each one waiting, and each one made from now, fails with `error`. */
  stop(error: Error): void {
    this.stopError ??= error;
    const waiting = [...(this.inFlight ? [this.inFlight] : []), ...this.queued.splice(0)];
    this.inFlight = undefined;
    for (const later of waiting) this.settle(later, error);
  }

  /** Runs the call now, within `budget`: what it answered, or throws what it threw. */
  now(call: ThreadCall, budget: CrossingBudget): unknown {
    const earlier = this.inFlight;
    if (earlier) {
      this.inFlight = undefined;
      this.settleNow(earlier, () => this.waitNow(earlier, earlier.deadline));
    }
    for (let later = this.queued.shift(); later; later = this.queued.shift()) {
      const queued = later;
      this.settleNow(queued, () => {
        this.post(queued);
        return this.waitNow(queued, queued.posted + queued.budget.ms);
      });
    }
    const posted = { call, budget, posted: 0 };
    this.post(posted);
    const reply = this.waitNow(posted, posted.posted + budget.ms);
    if (!reply.ok) throw revived(reply.error);
    return reply.value;
  }

  /**
   * Runs the call while this thread goes on, after those made before it. A timer keeps the
   * process alive meanwhile and stops the call at `budget`.
   */
  later(call: ThreadCall, budget: CrossingBudget): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queued.push({ call, budget, resolve, reject, posted: 0, deadline: 0 });
      if (!this.inFlight) this.postNext();
    });
  }

  private postNext(): void {
    const later = this.queued.shift();
    if (!later) return;
    try {
      this.post(later);
    } catch (error) {
      this.settle(later, error as Error);
      return;
    }
    this.inFlight = later;
    this.wait(later, later.budget.ms);
  }

  /** Watches for `later`'s answer for `ms`, when the timer decides. */
  private wait(later: Later, ms: number): void {
    later.deadline = Date.now() + ms;
    later.timer = setTimeout(() => this.expire(later), ms);
    void this.watch(later);
  }

  private async watch(later: Later): Promise<void> {
    while (this.inFlight === later) {
      if (Atomics.load(this.signal, ANSWERED) !== 0) return this.answered(later);
      const waiting = Atomics.waitAsync(this.signal, ANSWERED, 0, Math.max(0, later.deadline - Date.now()));
      if (waiting.async) await waiting.value;
      // Past its deadline: the timer decides.
      else if (waiting.value === 'timed-out') return;
    }
  }

  private answered(later: Later): void {
    this.inFlight = undefined;
    this.settle(later, this.taken());
    this.postNext();
  }

  private expire(later: Later): void {
    if (this.inFlight !== later) return;
    if (Atomics.load(this.signal, ANSWERED) !== 0) return this.answered(later);
    const more = this.grace(later);
    if (more > 0) return this.wait(later, more);
    this.inFlight = undefined;
    this.settle(later, new EngineTimeout(later.call.method, later.budget));
    this.stuck();
  }

  private post(posted: Posted): void {
    if (this.stopError) throw this.stopError;
    Atomics.store(this.signal, ANSWERED, 0);
    Atomics.store(this.signal, TAKEN_AT, NOT_TAKEN);
    this.port.postMessage(posted.call);
    posted.posted = Date.now();
  }

  /**
   * How much longer a call past its budget in wall-clock time may run: on a budget counted in
   * CPU time, what the engine's thread has not yet spent of it (all of it while the thread has
   * not taken the call), until the hung thread's limit; nothing once it is spent, or where the
   * thread's CPU time cannot be read.
   */
  private grace({ budget, posted }: Posted): number {
    if (!budget.cpu || !this.cpuMs || Date.now() - posted >= OWN_WORK_BUDGET.ms) return 0;
    const spent = this.cpuMs();
    return spent === undefined ? 0 : Math.max(0, budget.ms - spent);
  }

  /** The posted call's answer, this thread asleep until it is signalled or `deadline` passes. */
  private waitNow(posted: Posted, deadline: number): Reply {
    // Woken only by this call's answer: the engine's thread may still be notifying for the one
    // before (this thread saw its signal set and went on before the notify), which wakes a wait
    // with the signal still 0 and nothing on the port.
    let until = deadline;
    while (Atomics.load(this.signal, ANSWERED) === 0) {
      const left = until - Date.now();
      if (left > 0 && Atomics.wait(this.signal, ANSWERED, 0, left) !== 'timed-out') continue;
      const more = this.grace(posted);
      if (more > 0) {
        until = Date.now() + more;
        continue;
      }
      this.stuck();
      throw new EngineTimeout(posted.call.method, posted.budget);
    }
    return this.taken();
  }

  private taken(): Reply {
    const reply = receiveMessageOnPort(this.port)?.message as Reply;
    this.tipNow = reply.tip;
    return reply;
  }

  /** Settles `later` with the reply `wait` takes now, or with why it has none. */
  private settleNow(later: Later, wait: () => Reply): void {
    let reply: Reply | Error;
    try {
      reply = wait();
    } catch (error) {
      reply = error as Error;
    }
    this.settle(later, reply);
  }

  private settle(later: Later, reply: Reply | Error): void {
    clearTimeout(later.timer);
    if (reply instanceof Error) later.reject(reply);
    else if (reply.ok) later.resolve(reply.value);
    else later.reject(revived(reply.error));
  }
}
