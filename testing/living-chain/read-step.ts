import { readCatalogue, pick, type ChainModel, type ChainUnderTest, type Command } from './chain-steps.ts';

/** One of the eight operations on what the catalogue names, with the parameters that change results. */
export class ReadOne implements Command {
  constructor(
    readonly op: number,
    readonly n: number,
  ) {}
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    const catalogue = await readCatalogue(real);
    const who = pick(Object.values(catalogue.addresses), this.n) as string;
    const txs = [
      ...Object.values(catalogue.transactions.by_type).flat(),
      ...catalogue.transactions.mempool.pending,
      ...model.submitted,
    ];
    const tx = pick(txs, this.n) as string;
    const height = 1 + (this.n % model.tip.height);
    const u = this.n % 2 === 0 ? 'true' : 'false';
    const paths = [
      `/extended/v2/blocks/${this.n % 3 === 0 ? 'latest' : this.n % 3 === 1 ? height : pick([catalogue.block_samples.middle.hash, catalogue.tip.hash], this.n)}`,
      `/extended/v1/tx/multiple?tx_id=${tx}&tx_id=${pick(txs, this.n + 1)}&unanchored=${u}&event_limit=${1 + (this.n % 50)}`,
      '/extended/v1/tx/mempool/stats',
      '/extended',
      `/extended/v2/addresses/${who}/transactions/${tx}/events?limit=${1 + (this.n % 30)}&offset=${this.n % 3}`,
      `/extended/v1/address/${who}/transactions_with_transfers?limit=${1 + (this.n % 50)}&offset=${this.n % 7}&unanchored=${u}${this.n % 4 === 0 ? `&height=${height}` : ''}`,
      `/extended/v1/address/${who}/balances?unanchored=${u}${this.n % 3 === 0 ? `&until_block=${height}` : ''}`,
      `/extended/v1/address/${who}/${tx}/with_transfers`,
    ];
    const path = paths[this.op % paths.length] as string;
    const res = await real.read(path);
    real.tally(
      `read: ${path
        .split('?')[0]
        ?.replace(/blocks\/0x[0-9a-f]{64}/, 'blocks/{hash}')
        .replace(/0x[0-9a-f]{64}/g, '{tx}')
        .replace(/S[0-9A-Z.a-z-]{27,}/g, '{principal}')
        .replace(/\/\d+$/, '/{height}')} ${res.status}`,
    );
  }
  toString = (): string => `read(${this.op}, ${this.n})`;
}
