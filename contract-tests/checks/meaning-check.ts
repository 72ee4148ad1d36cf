import type { Problem } from '../../spec/responses.ts';
import { isJson, type AnsweredRequest, type Json } from './answered-request.ts';

/**
 * Where a rule is stated: a line of the user's description, of the service facts, or, where
 * neither states it, what the real service (v8.11.6) was seen to do (to be added to the facts).
 * `line` is quoted verbatim (whitespace aside); a test checks each quote is still in its document.
 */
export interface Source {
  document: 'description' | 'facts' | 'real service';
  /** The section the line is in (`4.6`, `Per operation 5`, `Shared by all operations`). */
  section: string;
  line: string;
}

/**
 * The response fields a rule reads, as `<operationId> <path>`: `*` for any operation, paths as
 * the field table writes them (`results[].tx.fee_rate`, `{*}` a map value), where `*` inside a
 * segment matches any name and a leading `**.` any depth. The field table is built from these.
 */
export type FieldSelector = string;

/**
 * What an answer means, beyond its shape: one function per rule the service description or the
 * service facts state, each named for the rule (as Schemathesis names its checks). Every check
 * sees every answer the suite judges and returns nothing for answers its rule does not cover.
 * A finding's `where` is `check <name>` (or the header it is about), so a target file can list a
 * known deviation of one rule.
 */
export interface MeaningCheck {
  name: string;
  /** The rule, in words. */
  rule: string;
  /** The lines it rests on. */
  sources: Source[];
  fields: FieldSelector[];
  check(answer: AnsweredRequest): Problem[];
}

export function finding(name: string, expected: string, actual: string): Problem {
  return { where: `check ${name}`, expected, actual };
}

/** A 200 with a JSON object body, of `operationId` when given. */
export function ok(a: AnsweredRequest, operationId?: string): a is AnsweredRequest & { body: Json } {
  return a.status === 200 && isJson(a.body) && (operationId === undefined || a.operationId === operationId);
}

export function results(body: Json): Json[] {
  return Array.isArray(body.results) ? (body.results as unknown[]).filter(isJson) : [];
}

export function objectAt(v: unknown): Json {
  return isJson(v) ? v : {};
}

/** An amount string as a bigint; undefined for anything else. */
export function big(v: unknown): bigint | undefined {
  try {
    return typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : undefined;
  } catch {
    return undefined;
  }
}

export function normalHash(v: string): string {
  return (v.startsWith('0x') ? v : `0x${v}`).toLowerCase();
}
export function isHash(v: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(v);
}

/** Every object in the body, with the path that leads to it. */
export function* objects(value: unknown, path = ''): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* objects(v, `${path}[${i}]`);
  } else if (isJson(value)) {
    yield [path || '(body)', value];
    for (const [k, v] of Object.entries(value)) yield* objects(v, path ? `${path}.${k}` : k);
  }
}

/** The transactions-with-transfers items of an answer of operation 6 (a page) or 8 (one item). */
export function itemsWithTransfers(a: AnsweredRequest): Json[] {
  if (ok(a, 'get_account_transactions_with_transfers')) return results(a.body);
  return ok(a, 'get_single_transaction_with_transfers') ? [a.body] : [];
}

export function transfersOf(item: Json): Json[] {
  return ['stx_transfers', 'ft_transfers', 'nft_transfers'].flatMap((k) =>
    Array.isArray(item[k]) ? (item[k] as unknown[]).filter(isJson) : [],
  );
}

/** The parties of a transaction as the description and facts name them: sender, sponsor, recipient, contract. */
export function txParties(tx: Json): unknown[] {
  const transfer = objectAt(tx.token_transfer);
  const call = objectAt(tx.contract_call);
  const deploy = objectAt(tx.smart_contract);
  return [
    tx.sender_address,
    tx.sponsor_address,
    transfer.recipient_address,
    call.contract_id,
    deploy.contract_id,
  ];
}

/**
 * Whether operation 8 answers an item of operation 6 or 8 for `principal`: the real service finds
 * the transaction only where the principal is its sender, its token transfer's recipient, the
 * contract it calls or deploys, or a party of one of its STX transfers (docs/real-service.md).
 */
export function singleAnswers(item: Json, principal: string): boolean {
  const stx = Array.isArray(item.stx_transfers) ? (item.stx_transfers as unknown[]).filter(isJson) : [];
  const parties = txParties(objectAt(item.tx)).filter((p) => p !== objectAt(item.tx).sponsor_address);
  return [...parties, ...stx.flatMap((t) => [t.sender, t.recipient])].includes(principal);
}

/** At most a few findings of one rule per answer: the first ones say enough. */
export function firstFew(found: Problem[]): Problem[] {
  return found.slice(0, 3);
}
