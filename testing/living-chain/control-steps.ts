import type { Balances } from '../../mocks/serialize/types.ts';
import {
  readCatalogue,
  checkAfter,
  fail,
  freshAddress,
  ownedNfts,
  pick,
  principals,
  senders,
  spendable,
  type ChainModel,
  type ChainUnderTest,
  type Command,
} from './chain-steps.ts';

export class Mine implements Command {
  constructor(
    readonly blocks: number,
    readonly n: number,
  ) {}
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    const res = await real.post('/_mock/mine', { blocks: this.blocks });
    if (res.status !== 200 || res.body.height !== model.tip.height + this.blocks)
      fail(
        this.toString(),
        `${res.status} ${JSON.stringify(res.body)}, expected height ${model.tip.height + this.blocks}`,
      );
    model.tip = { height: res.body.height, hash: res.body.hash };
    real.tally('mine');
    await checkAfter(this.toString(), model, real, [], this.n);
  }
  toString = (): string => `mine(${this.blocks})`;
}

export class Reorg implements Command {
  constructor(
    readonly depth: number,
    readonly n: number,
  ) {}
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    // A reorg reaches back at most 100 blocks, and never past the first.
    const reach = Math.min(100, model.tip.height - 1);
    const res = await real.post('/_mock/reorg', { depth: this.depth });
    if (this.depth > reach) {
      if (res.status !== 400 || !/^depth must be/.test(res.body.message ?? ''))
        fail(
          this.toString(),
          `${res.status} ${JSON.stringify(res.body)}, expected a 400: the reach is ${reach}`,
        );
      real.tally('refused: reorg past the first block');
      return checkAfter(this.toString(), model, real, [], this.n);
    }
    if (res.status !== 200 || res.body.height !== model.tip.height + 1)
      fail(
        this.toString(),
        `${res.status} ${JSON.stringify(res.body)}, expected height ${model.tip.height + 1}`,
      );
    model.tip = { height: res.body.height, hash: res.body.hash };
    real.tally('reorg');
    await checkAfter(this.toString(), model, real, [], this.n);
  }
  toString = (): string => `reorg(${this.depth})`;
}

export class Reset implements Command {
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    const res = await real.post('/_mock/reset');
    if (res.status !== 200 || res.body.height !== model.start.height || res.body.hash !== model.start.hash)
      fail('reset', `${res.status} ${JSON.stringify(res.body)}, expected ${JSON.stringify(model.start)}`);
    model.tip = { ...model.start };
    model.submitted = [];
    real.tally('reset');
    await checkAfter('reset', model, real, [], 0);
  }
  toString = (): string => 'reset';
}

/** A transfer the node must accept: STX (amount + fee at most what the sender can spend) or a token it holds. */
export class SubmitValid implements Command {
  constructor(
    readonly kind: 'stx' | 'ft' | 'nft',
    readonly sender: number,
    readonly recipient: number,
    readonly share: number,
    readonly asString: boolean,
    readonly all: boolean,
  ) {}
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    const everyone = await principals(real);
    const catalogue = await readCatalogue(real);
    // Only an account signs a transaction: contracts are recipients only.
    const sender = pick(await senders(real, this.kind), this.sender) as string;
    const fresh = this.recipient % 5 === 0;
    const recipient = fresh
      ? freshAddress(model, this.recipient)
      : (pick(
          everyone.filter((p) => p !== sender),
          this.recipient,
        ) as string);
    const balances = (await real.read(`/extended/v1/address/${sender}/balances?unanchored=true`))
      .body as Balances;
    const fee = 180n + BigInt(this.share % 1000);
    const free = spendable(balances);
    const form = (n: bigint): string | number => (this.asString ? String(n) : Number(n));
    let body: object;
    if (this.kind === 'stx') {
      if (free < fee + 1n) return real.tally('submit: nobody to pay');
      const amount = this.all ? free - fee : 1n + ((free - fee - 1n) * BigInt(this.share)) / 1000n;
      body = { type: 'token_transfer', sender, recipient, amount: form(amount), fee: form(fee) };
    } else if (this.kind === 'nft') {
      const token = pick(ownedNfts(real, sender), this.share);
      if (!token || free < fee) return real.tally('submit: no NFT to move');
      body = {
        type: 'contract_call',
        asset: token.asset,
        sender,
        recipient,
        amount: form(token.id),
        fee: form(fee),
      };
    } else {
      const held = Object.entries(balances.fungible_tokens).filter(
        ([id, t]) => BigInt(t.balance) > 0n && catalogue.assets.ft.includes(id),
      );
      const token = pick(held, this.share);
      if (!token || free < fee) return real.tally('submit: no token to move');
      const amount = this.all
        ? BigInt(token[1].balance)
        : 1n + ((BigInt(token[1].balance) - 1n) * BigInt(this.share)) / 1000n;
      body = {
        type: 'contract_call',
        asset: token[0],
        sender,
        recipient,
        amount: form(amount),
        fee: form(fee),
      };
    }
    const res = await real.post('/_mock/transactions', body);
    if (res.status !== 201 || !res.body.tx_id)
      fail(this.toString(), `${JSON.stringify(body)} → ${res.status} ${res.body.message}`);
    model.submitted.push(res.body.tx_id);
    const after = (await real.read(`/extended/v1/tx/multiple?tx_id=${res.body.tx_id}`)).body as Record<
      string,
      { result: { tx_status?: string } }
    >;
    if (after[res.body.tx_id]?.result.tx_status !== 'pending')
      fail(this.toString(), `${res.body.tx_id} is not pending after its 201`);
    real.tally(`submit ${this.kind}: accepted`);
    await checkAfter(this.toString(), model, real, [sender, recipient], this.recipient);
  }
  toString = (): string =>
    `submitValid(${this.kind}, ${this.sender}, ${this.recipient}, ${this.share}, ${this.asString ? 'string' : 'number'}${this.all ? ', all' : ''})`;
}
