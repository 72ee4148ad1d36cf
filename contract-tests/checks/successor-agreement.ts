import type { Problem } from '../../spec/responses.ts';
import { isJson, type Json } from '../cases/successor-reads.ts';

/**
 * Where a deprecated operation and its successor must agree, read on one target (issue 32): the
 * same STX balance and lock, the same token balances and holdings, each transaction's net change,
 * and the same history but for the real service's differences (v3 and the v2 address route list
 * the transactions the principal only sponsored, and count a fee for whoever paid it, where
 * operation 6 counts it for the sender). Each function compares bodies already read and returns
 * its findings; mocks/operations/successors.test.ts holds the mock to the same rules.
 */

function str(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}
function int(v: unknown): bigint {
  try {
    return BigInt(str(v) || '0');
  } catch {
    return 0n;
  }
}
function obj(v: unknown): Json {
  return isJson(v) ? v : {};
}

/** A finding when the two differ; `source` says where the expected value comes from. */
function differs(where: string, expected: string, actual: string, source = 'operation 7'): Problem[] {
  return expected === actual ? [] : [{ where, expected: `${expected} (${source})`, actual }];
}

/** v3's STX balance and lock, and v2's STX balance fields, against operation 7's `stx`. */
export function stxAgreement(principal: string, old: Json, v3?: Json, v2?: Json): Problem[] {
  const stx = obj(old.stx);
  const out: Problem[] = [];
  if (v3) {
    const locked = isJson(v3.locked) ? v3.locked : undefined;
    out.push(
      ...differs(`${principal} v3 balance`, str(str(stx.balance)), str(str(v3.balance))),
      ...differs(`${principal} v3 locked.amount`, str(stx.locked), locked ? str(locked.amount) : '0'),
      ...differs(
        `${principal} v3 locked.lock_tx_id`,
        str(stx.lock_tx_id),
        locked ? str(locked.lock_tx_id) : '',
      ),
      ...differs(
        `${principal} v3 available`,
        String(int(stx.balance) - int(stx.locked)),
        str(v3.available),
        "operation 7's balance − locked",
      ),
    );
  }
  if (v2)
    for (const [key, value] of Object.entries(v2))
      if (key in stx && !key.startsWith('total_'))
        out.push(...differs(`${principal} v2 ${key}`, str(stx[key]), str(value), `operation 7's stx.${key}`));
  return out;
}

/** The fungible tokens operation 7 counts above zero, by asset identifier. */
function positiveTokens(old: Json): Map<string, string> {
  const out = new Map<string, string>();
  for (const [asset, t] of Object.entries(obj(old.fungible_tokens)))
    if (int(obj(t).balance) > 0n) out.set(asset, str(obj(t).balance));
  return out;
}

function mapFindings(
  where: string,
  expected: Map<string, string>,
  got: Map<string, string>,
  source = 'operation 7',
): Problem[] {
  const keys = [...new Set([...expected.keys(), ...got.keys()])].sort();
  return keys.flatMap((k) =>
    differs(`${where} ${k}`, expected.get(k) ?? '(absent)', got.get(k) ?? '(absent)', source),
  );
}

/** v3's FT positions (every page, and one asset at a time) and v2's FT balances against operation 7. */
export function ftAgreement(
  principal: string,
  old: Json,
  reads: { v3?: Json[]; v3One?: Map<string, Json>; v2?: Json[] },
): Problem[] {
  const expected = positiveTokens(old);
  const out: Problem[] = [];
  if (reads.v3)
    out.push(
      ...mapFindings(
        `${principal} v3 balances/ft`,
        expected,
        new Map(reads.v3.map((r) => [str(r.asset_identifier), str(r.balance)])),
      ),
    );
  for (const [asset, one] of reads.v3One ?? [])
    out.push(
      ...differs(
        `${principal} v3 balances/ft/${asset}`,
        str(obj(obj(old.fungible_tokens)[asset]).balance) || '0',
        str(one.balance),
      ),
    );
  if (reads.v2)
    out.push(
      ...mapFindings(
        `${principal} v2 balances/ft`,
        expected,
        new Map(reads.v2.map((r) => [str(r.token), str(r.balance)])),
      ),
    );
  return out;
}

/** v3's NFT positions, counted per asset, against operation 7's counts. */
export function nftAgreement(principal: string, old: Json, v3: Json[]): Problem[] {
  const expected = new Map<string, string>();
  for (const [asset, n] of Object.entries(obj(old.non_fungible_tokens)))
    if (int(obj(n).count) > 0n) expected.set(asset, str(obj(n).count));
  const held = new Map<string, number>();
  for (const r of v3) held.set(str(r.asset_identifier), (held.get(str(r.asset_identifier)) ?? 0) + 1);
  return mapFindings(
    `${principal} v3 balances/nft count`,
    expected,
    new Map([...held].map(([k, v]) => [k, String(v)])),
  );
}

/** Who sent a transaction and who paid its fee, and the fee: from a v1/v2 `tx` or a v3 `transaction`. */
export function feeFacts(tx: Json): { sender: string; payer: string; fee: bigint } {
  const sender = str(tx.sender_address) || str(obj(tx.sender).address);
  const sponsor = str(tx.sponsor_address) || str(obj(tx.sponsor).address);
  return { sender, payer: sponsor || sender, fee: int(tx.fee_rate) };
}

/** What operation 6 counts minus what a successor counts, for the principal: the fee moved from the sender to the payer. */
function feeShift(principal: string, tx: Json): bigint {
  const { sender, payer, fee } = feeFacts(tx);
  return (sender === principal ? fee : 0n) - (payer === principal ? fee : 0n);
}

/** A v1/v2 history row's STX net (received − sent). */
function netOf(row: Json): bigint {
  return int(row.stx_received) - int(row.stx_sent);
}

/**
 * A successor's history against operation 6's (unanchored included): it lists each of operation
 * 6's transactions once; what it lists beyond them the principal only sponsored (v3 says
 * `involvement: sponsor`), with the fee as its only change; a shared transaction's STX net is
 * operation 6's with the fee moved to the payer.
 */
export function historyAgreement(
  principal: string,
  old: Json[],
  successor: { name: string; rows: Json[]; tx: (row: Json) => Json; net: (row: Json) => bigint },
): Problem[] {
  const out: Problem[] = [];
  const where = `${principal} ${successor.name}`;
  const byId = new Map(old.map((r) => [str(obj(r.tx).tx_id), r]));
  const ids = successor.rows.map((r) => str(successor.tx(r).tx_id));
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length)
    out.push({ where, expected: 'each transaction once', actual: `repeated: ${repeated.join(', ')}` });
  const listed = new Set(ids);
  for (const id of byId.keys())
    if (!listed.has(id)) out.push({ where, expected: `${id}, which operation 6 lists`, actual: 'absent' });
  for (const row of successor.rows) {
    const tx = successor.tx(row);
    const id = str(tx.tx_id);
    const mine = byId.get(id);
    const { payer, fee } = feeFacts(tx);
    if (!mine) {
      const sponsorOnly = payer === principal && feeFacts(tx).sender !== principal;
      if (!sponsorOnly || ('involvement' in row && row.involvement !== 'sponsor'))
        out.push({
          where: `${where} ${id}`,
          expected: 'only a transaction the principal sponsored, beyond operation 6 (involvement sponsor)',
          actual: `sender ${feeFacts(tx).sender}, payer ${payer}${'involvement' in row ? `, involvement ${str(row.involvement)}` : ''}`,
        });
      else
        out.push(
          ...differs(
            `${where} ${id} STX net`,
            String(-fee),
            String(successor.net(row)),
            'the fee it sponsored',
          ),
        );
      continue;
    }
    out.push(
      ...differs(
        `${where} ${id} STX net`,
        String(netOf(mine) + feeShift(principal, tx)),
        String(successor.net(row)),
        "operation 6's received − sent, the fee moved to its payer",
      ),
    );
  }
  return out.slice(0, 8);
}

/** v2's address transactions against v3's: the same transactions in the same order, the same STX net. */
export function v2MatchesV3(principal: string, v2: Json[], v3: Json[]): Problem[] {
  const out: Problem[] = [];
  const a = v2.map((r) => str(obj(r.tx).tx_id));
  const b = v3.map((r) => str(obj(r.transaction).tx_id));
  if (a.join() !== b.join())
    out.push({
      where: `${principal} v2 address transactions`,
      expected: `v3's ${b.length} transactions in its order`,
      actual: `${a.length} transactions${a.length === b.length ? ', in another order' : ''}`,
    });
  return out;
}

/** A v3 balance-change asset as one key: `stx`, or `ft <identifier>` / `nft <identifier>`. */
function assetKey(asset: Json): string {
  return str(asset.type) === 'stx' ? 'stx' : `${str(asset.type)} ${str(asset.identifier)}`;
}

/**
 * One transaction's v3 net changes per asset against the principal's events in operation 5: each
 * event the principal sent subtracts, each it received adds (an NFT counts one), and the fee
 * subtracts from its payer. Assets whose net is zero on either side are left out.
 */
export function netChangeAgreement(principal: string, tx: Json, events: Json[], changes: Json[]): Problem[] {
  const expected = new Map<string, bigint>();
  const add = (key: string, by: bigint): void => void expected.set(key, (expected.get(key) ?? 0n) + by);
  const { payer, fee } = feeFacts(tx);
  if (payer === principal) add('stx', -fee);
  for (const e of events) {
    const data = obj(e.data);
    const key = str(e.type) === 'stx' ? 'stx' : `${str(e.type)} ${str(data.asset_identifier)}`;
    const moved = str(e.type) === 'nft' ? 1n : int(data.amount);
    if (data.sender === principal) add(key, -moved);
    if (data.recipient === principal) add(key, moved);
  }
  const got = new Map(changes.map((c) => [assetKey(obj(c.asset)), int(obj(c.balance_change).net)]));
  const nonZero = (m: Map<string, bigint>): Map<string, string> =>
    new Map([...m].filter(([, v]) => v !== 0n).map(([k, v]) => [k, String(v)]));
  return mapFindings(
    `${principal} ${str(tx.tx_id)} v3 balance-changes`,
    nonZero(expected),
    nonZero(got),
    'its events in operation 5, and its fee',
  );
}
