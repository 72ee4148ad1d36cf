import type { LiveChain, SubmitRequest, Tip } from './control/live-chain.ts';
import type { Preference } from './http/preferences.ts';
import type { MockKernel } from './kernel.ts';
import type { MockOptions } from './options.ts';
import type { WorldCatalogue } from './query/catalogue.ts';

export type { Preference } from './http/preferences.ts';

/** The controls of a running mock, the same on every door. */
export interface MockControls {
  /** The world's catalogue, as served at `/_mock/world`: addresses, transaction ids and blocks to query. */
  readonly world: WorldCatalogue;
  /** Mines `blocks` blocks (default 1, at most 1000), as `POST /_mock/mine` does; the new tip. */
  mine(blocks?: number): Tip;
  /**
   * Puts a token transfer (or an FT/NFT transfer) in the mempool, as `POST /_mock/transactions`
   * does; the next mined block confirms it. Throws a `ControlError` (status 400) when a node would
   * refuse it, e.g. a sender who cannot pay amount + fee.
   */
  submit(tx: SubmitRequest): { tx_id: string };
  /** The last `depth` blocks leave the chain, a branch of depth + 1 replaces them (`POST /_mock/reorg`). */
  reorg(depth: number): Tip;
  /** Back to the state at start (`POST /_mock/reset`). */
  reset(): Tip;
  /** Answer matching requests as if they carried `Prefer: code=…, delay=…` (errors on demand). */
  prefer(preference: Preference): void;
  /** Back to plain answers. */
  clearPreferences(): void;
  /** Change the requests a minute allowed without a key and with one (0: unlimited). */
  setRateLimits(limits: { anonymous?: number; keyed?: number }): void;
  /** Stops the block clock (`blockTime`) and whatever the door holds open (a server, its live channels). */
  close(): Promise<void>;
}

/** Where `startMock` listens. */
export interface Listening {
  /** Base address, e.g. `http://127.0.0.1:41234`; the API's paths go after it. */
  readonly url: string;
  readonly port: number;
}

/**
 * What the Node doors of this repository (createMockApp's listener, startMockServer's server) carry
 * beside the controls, for the tools and tests that read the kernel: the package's types leave
 * it out (`startMock` is a `Mock`, its `Door` only `Listening`).
 */
export interface KernelDoor {
  readonly kernel: MockKernel;
  /** The living chain: its queries (what the API answers from) and its controls. */
  readonly live: LiveChain;
  readonly options: MockOptions;
}

/** A door's kernel part (`KernelDoor`), to assign onto the door before `mockHandle`. */
export function kernelDoor(kernel: MockKernel): KernelDoor {
  return { kernel, live: kernel.live, options: kernel.options };
}

/**
 * A running mock, as every door returns it: the same controls (`MockControls`), and `Door`, what
 * only that door has: where `startMock` listens (the default), the MSW handlers, the middleware
 * itself, or (in this repository) the node:http listener or server with its kernel.
 */
export type Mock<Door extends object = Listening> = MockControls & Door;

/**
 * The door's own part with the kernel's controls on it (`door` itself is returned: a middleware
 * stays a function). `closeDoor` releases what the door opened; the block clock stops first.
 */
export function mockHandle<Door extends object>(
  kernel: MockKernel,
  door: Door,
  closeDoor: () => Promise<void> | void = () => {},
): Mock<Door> {
  const { live, preferences, limiter } = kernel;
  const controls: Omit<MockControls, 'world'> = {
    mine: (blocks) => live.mine(blocks),
    submit: (tx) => live.submit(tx),
    reorg: (depth) => live.reorg(depth),
    reset: () => live.reset(),
    prefer: (preference) => void preferences.add(preference),
    clearPreferences: () => preferences.clear(),
    setRateLimits: (limits) => limiter.setLimits(limits),
    close: async () => {
      live.stopClock();
      live.queries.clarity.close();
      await closeDoor();
    },
  };
  // A getter, not a copy: the catalogue follows the living chain.
  Object.defineProperty(door, 'world', { get: () => live.queries.catalogue(), enumerable: true });
  return Object.assign(door, controls) as Mock<Door>;
}
