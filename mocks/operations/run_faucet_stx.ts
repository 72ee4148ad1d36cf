import { own, ok, type OperationHandler, type OperationResult } from './types.ts';

const TESTNET_ADDRESS = /^S[TN][0-9A-HJKMNP-TV-Z]{38,40}$/;

/** The real testnet service's faucet: 500 STX to a testnet address, mined by the next block. */
export const run_faucet_stx: OperationHandler<'run_faucet_stx'> = {
  defaulted: [],
  answer: ({ queries, query, door }) => {
    const refuse = (error: string): OperationResult<'run_faucet_stx'> =>
      own({ json: { success: false, error } });
    if (queries.options.network !== 'testnet')
      return refuse('the STX faucet runs on testnet only: start the mock with --network testnet');
    const address = query.address;
    if (!address) return refuse('address required');
    if (query.stacking)
      return refuse(
        'stacking=true is not served by this mock: it keeps no PoX stacking minimum (the node’s /v2/pox) to send; ask without it for 500 STX',
      );
    if (!TESTNET_ADDRESS.test(address)) return refuse(`${address} is not a testnet STX address`);
    try {
      const { txId, txRaw } = door.faucet(address);
      return ok<'run_faucet_stx'>({ success: true, txId, txRaw });
    } catch (err) {
      if (err instanceof Error && (err as { status?: unknown }).status === 400) return refuse(err.message);
      throw err;
    }
  },
};
