import type { AddressInfo } from 'node:net';
import { startMockServer } from '../mocks/server.ts';
import type { MockOptions } from '../mocks/options.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { SubmitRequest, Tip } from '../mocks/control/live-chain.ts';

export { ControlError, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';

/** The mock's options (the flags of `stacks-api-mock`); anything left out takes the flag's default. */
export type StartMockOptions = Partial<MockOptions>;

/** A running mock, as `startMock` returns it. */
export interface Mock {
  /** Base address, e.g. `http://127.0.0.1:41234`; the API's paths go after it. */
  readonly url: string;
  readonly port: number;
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
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * Starts the mock on `options.host` (default 127.0.0.1) and `options.port` (default 3999; 0 picks
 * a free port) and resolves once it answers. Same options, same world, same answers.
 */
export async function startMock(options: StartMockOptions = {}): Promise<Mock> {
  const running = await startMockServer(options);
  return {
    url: running.url,
    port: (running.server.address() as AddressInfo).port,
    get world() {
      return running.live.queries.catalogue();
    },
    mine: (blocks) => running.live.mine(blocks),
    submit: (tx) => running.live.submit(tx),
    reorg: (depth) => running.live.reorg(depth),
    reset: () => running.live.reset(),
    close: () => running.close(),
  };
}
