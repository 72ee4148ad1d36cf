import { parse } from 'yaml';

/**
 * What a world file says its accounts hold, summed straight from the file's entries with none of
 * the mock's code: the yardstick the served balances and histories must meet to the µSTX.
 */
export interface ExpectedAccount {
  balance: bigint;
  totalSent: bigint;
  totalReceived: bigint;
  totalFees: bigint;
  /** STX locked by the account's last successful stack_stx; 0 without one. */
  locked: bigint;
  pendingOut: bigint;
  pendingIn: bigint;
  ft: Map<string, bigint>;
  nft: Map<string, number>;
  /** Heights of the mined transactions in its history, ascending. */
  heights: number[];
}

interface FileTx {
  height?: number;
  type: string;
  sender: string;
  recipient?: string;
  sponsor?: string;
  amount?: string | number;
  asset?: string;
  value?: number;
  fee: string | number;
  status?: string;
  /** Mempool only: the earlier entry this one replaces by fee. */
  replaces?: number;
}

interface FileName {
  name: string;
  owner: string;
  height?: number;
}

interface FileShape {
  network?: string;
  names?: FileName[];
  accounts?: Record<string, { stx?: string | number }>;
  tokens?: { contract: string; token?: string; kind: string; holders?: Record<string, unknown> }[];
  transactions?: FileTx[];
  mempool?: FileTx[];
}

export function expectedAccounts(
  text: string,
  addressOf: (name: string) => string,
): Map<string, ExpectedAccount> {
  const file = parse(text) as FileShape;
  const names = Object.keys(file.accounts ?? {});
  const resolve = (p: string): string => {
    if (names.includes(p)) return addressOf(p);
    const dot = p.indexOf('.');
    return dot < 0 ? p : `${resolve(p.slice(0, dot))}.${p.slice(dot + 1)}`;
  };
  const accounts = new Map<string, ExpectedAccount>();
  const of = (principal: string): ExpectedAccount | undefined => accounts.get(principal);
  for (const name of names) {
    const stx = BigInt(file.accounts?.[name]?.stx ?? 0);
    accounts.set(addressOf(name), {
      balance: stx,
      totalSent: 0n,
      totalReceived: stx,
      totalFees: 0n,
      locked: 0n,
      pendingOut: 0n,
      pendingIn: 0n,
      ft: new Map(),
      nft: new Map(),
      heights: stx > 0n ? [1] : [],
    });
  }
  const assetOf = new Map<string, string>();
  for (const t of file.tokens ?? []) {
    const id = resolve(t.contract);
    const asset = `${id}::${t.token ?? t.contract.slice(t.contract.indexOf('.') + 1)}`;
    assetOf.set(id, asset);
    const touched = new Set<string>([id.slice(0, id.indexOf('.'))]);
    for (const [holder, held] of Object.entries(t.holders ?? {})) {
      const a = of(resolve(holder));
      touched.add(resolve(holder));
      if (!a) continue;
      if (t.kind === 'ft') a.ft.set(asset, (a.ft.get(asset) ?? 0n) + BigInt(held as string));
      else a.nft.set(asset, (a.nft.get(asset) ?? 0) + (held as number[]).length);
    }
    for (const p of touched) of(p)?.heights.push(1);
  }
  const assetFor = (tx: FileTx): string => {
    const [contract = ''] = (tx.asset ?? '').split('::');
    return assetOf.get(resolve(contract)) ?? '';
  };
  for (const tx of file.transactions ?? []) {
    const sender = resolve(tx.sender);
    const recipient = tx.recipient ? resolve(tx.recipient) : '';
    const payer = tx.sponsor ? resolve(tx.sponsor) : sender;
    const fee = BigInt(tx.fee);
    // Aborted or skipped as problematic, it pays its fee and moves nothing.
    const ok = tx.status === undefined || tx.status === 'success';
    const amount = BigInt(tx.amount ?? 0);
    const p = of(payer);
    if (p) {
      p.balance -= fee;
      p.totalFees += fee;
    }
    // A failed (or skipped) contract call moved nothing: its recipient is only an argument, not in any event. A
    // sponsor is not listed for paying the fee alone (docs/real-service.md).
    const involved = ok || tx.type === 'stx_transfer' ? [sender, recipient] : [sender];
    for (const who of new Set(involved)) of(who)?.heights.push(tx.height ?? 0);
    if (!ok) continue;
    const s = of(sender);
    const r = of(recipient);
    if (tx.type === 'stx_transfer') {
      if (s) ((s.balance -= amount), (s.totalSent += amount));
      if (r) ((r.balance += amount), (r.totalReceived += amount));
    } else if (tx.type === 'stack_stx') {
      if (s) s.locked = amount;
    } else if (tx.type === 'ft_transfer') {
      const asset = assetFor(tx);
      if (s) s.ft.set(asset, (s.ft.get(asset) ?? 0n) - amount);
      if (r) r.ft.set(asset, (r.ft.get(asset) ?? 0n) + amount);
    } else if (tx.type === 'nft_transfer') {
      const asset = assetFor(tx);
      if (s) s.nft.set(asset, (s.nft.get(asset) ?? 0) - 1);
      if (r) r.nft.set(asset, (r.nft.get(asset) ?? 0) + 1);
    }
  }
  // A name: its owner's name-preorder a block before its height (7 without one) burns its 2 STX
  // price, then name-register mints its NFT; each call pays a 3000 µSTX fee (docs/world-files.md).
  const boot = file.network === 'testnet' ? 'ST000000000000000000002AMW42H' : 'SP000000000000000000002Q6VF78';
  for (const n of file.names ?? []) {
    const owner = of(resolve(n.owner));
    if (!owner) continue;
    const height = n.height ?? 7;
    owner.balance -= 2_000_000n + 6000n;
    owner.totalSent += 2_000_000n;
    owner.totalFees += 6000n;
    owner.heights.push(height - 1, height);
    owner.nft.set(`${boot}.bns::names`, (owner.nft.get(`${boot}.bns::names`) ?? 0) + 1);
  }
  // The default release (9.0.2) replaces by fee: of a `replaces` pair the lower fee (of equal
  // fees, the earlier entry) leaves the payer's pending balance.
  const mempool = file.mempool ?? [];
  const replaced = new Set(
    mempool.flatMap((tx, i) =>
      tx.replaces === undefined
        ? []
        : [BigInt(tx.fee) >= BigInt(mempool[tx.replaces]?.fee ?? 0) ? tx.replaces : i],
    ),
  );
  for (const [i, tx] of mempool.entries()) {
    if (replaced.has(i)) continue;
    const sender = resolve(tx.sender);
    const payer = tx.sponsor ? resolve(tx.sponsor) : sender;
    const p = of(payer);
    if (p) p.pendingOut += BigInt(tx.fee);
    if (tx.type === 'stx_transfer') {
      const s = of(sender);
      const r = of(tx.recipient ? resolve(tx.recipient) : '');
      if (s) s.pendingOut += BigInt(tx.amount ?? 0);
      if (r) r.pendingIn += BigInt(tx.amount ?? 0);
    }
  }
  for (const a of accounts.values()) a.heights.sort((x, y) => x - y);
  return accounts;
}
