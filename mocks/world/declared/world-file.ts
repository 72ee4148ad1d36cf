import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from '../../../spec/ajv.ts';
import { isMap, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { MAX_AMOUNT } from '../amount.ts';
import type { TenureCause } from '../tables/kinds.ts';
// Imported, not read from disk, so a world file compiles in a browser too (msw/browser.ts).
import worldSchema from '../../../fixtures/worlds/world.schema.json' with { type: 'json' };

/** The world file format's JSON Schema (fixtures/worlds/world.schema.json), as served at /_mock/world.schema.json. */
export const WORLD_SCHEMA = worldSchema as Record<string, unknown>;

/** The range of an amount, as the messages say it. */
const AMOUNT_RANGE = `0 to ${MAX_AMOUNT} (2^128 - 1)`;

/**
 * The problem with an amount a world file's schema admits and the mock cannot hold: a string of
 * digits past Clarity's uint, or a number past 2^53 − 1, which YAML and JSON readers no longer
 * read exactly (the string of its digits is).
 */
export function amountOutOfRange(value: string | number): string {
  if (typeof value === 'number')
    return `${value} is not exact as a number past ${Number.MAX_SAFE_INTEGER} (2^53 - 1): write it as a string of digits, "…", from ${AMOUNT_RANGE}`;
  return `${JSON.stringify(value)} is too large: amounts go from ${AMOUNT_RANGE} micro-units`;
}

/**
 * The problem with a fee past what the mock keeps: a fee is a transaction's u64, and the mock
 * holds fees as numbers, exact to 2^53 − 1 (9 billion STX, far above any fee a node admits).
 */
export function feeOutOfRange(value: string | number): string {
  return `${JSON.stringify(value)} is too large: fees go up to ${Number.MAX_SAFE_INTEGER} micro-STX (2^53 - 1)`;
}

let validator: ValidateFunction | undefined;
/** Compiled on the first world file read: a mock started without one never pays for it. */
function validate(data: unknown): boolean {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(WORLD_SCHEMA);
  return validator(data);
}

type Path = readonly (string | number)[];

/**
 * A parsed world file, with the line of any of its entries. `problems` are its schema problems,
 * one line each; the entries they fall in are `broken` (by entryName: `transactions[2]`,
 * `accounts.alice`, or a whole top-level key such as `tokens`), and only the others match the
 * shape `data` declares, so the compiler can still check the rest and report every problem at once.
 */
export interface ParsedWorldFile {
  readonly data: WorldFileData;
  lineOf(path: Path): number;
  readonly problems: readonly string[];
  readonly broken: ReadonlySet<string>;
}

/** The keys whose values are lists or maps of entries, each entry checked on its own. */
const SECTIONS: ReadonlySet<string | number> = new Set([
  'accounts',
  'tokens',
  'contracts',
  'transactions',
  'mempool',
  'tenure_changes',
  'names',
]);

/** The file as its schema describes it. */
export interface WorldFileData {
  network?: 'mainnet' | 'testnet';
  seed?: number;
  blocks?: number;
  background?: boolean;
  accounts?: Record<
    string,
    {
      address?: string;
      /** Derive the account from a test key (seed and name) and print the key: test-keys.ts. */
      test_key?: boolean;
      stx?: FileAmount;
      vesting?: { height: number; amount: FileAmount }[];
    }
  >;
  tokens?: {
    contract: string;
    token?: string;
    kind: 'ft' | 'nft';
    decimals?: number;
    holders?: Record<string, FileAmount | number[]>;
  }[];
  contracts?: FileContract[];
  transactions?: FileTx[];
  mempool?: FileTx[];
  tenure_changes?: FileTenureChange[];
  names?: FileName[];
}

/** A BNS name the file registers for `owner` (name-entries.ts). */
export interface FileName {
  name: string;
  owner: string;
  height?: number;
  zonefile?: string;
}

/** A tenure extension the miner of the tenure under way mines at `height` (Nakamoto blocks only). */
export interface FileTenureChange {
  height: number;
  cause: Exclude<TenureCause, 'block_found'>;
}

export type FileAmount = string | number;

/** A contract of the file's own source, run in the Clarity engine (contract-entries.ts). */
export interface FileContract {
  contract: string;
  source: string;
  height: number;
  fee?: FileAmount;
  clarity_version?: number;
}

export interface FileTx {
  height?: number;
  type: 'stx_transfer' | 'ft_transfer' | 'nft_transfer' | 'stack_stx' | 'contract_call';
  sender: string;
  recipient?: string;
  sponsor?: string;
  amount?: FileAmount;
  asset?: string;
  value?: number;
  fee: FileAmount;
  cycles?: number;
  status?: 'success' | 'abort_by_response' | 'problematic_skipped';
  post_condition_mode?: 'allow' | 'deny' | 'originator';
  post_conditions?: ('staking' | 'pox' | 'maybe_sent')[];
  /** contract_call: a contract under `contracts`, its public function, the arguments as Clarity literals. */
  contract?: string;
  function?: string;
  args?: string[];
  /** Mempool only: the index of an earlier mempool entry this one replaces by fee. */
  replaces?: number;
}

/** `transactions[2]`, `accounts.alice`, `tokens[0].holders.bob`: how messages name an entry. */
export function entryName(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Parses YAML or JSON (JSON is YAML) and checks it against the schema. Returns the file with its
 * schema problems, or only problems (`unreadable`) when it has no shape to check further: a syntax
 * error, or not a mapping. Each problem is one line with the entry's line.
 */
export function parseWorldFile(text: string): ParsedWorldFile | { unreadable: string[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const lineAt = (offset: number): number => lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    return {
      unreadable: doc.errors.map((e) => {
        const line = lineAt(e.pos[0]);
        if (e.code === 'DUPLICATE_KEY') return duplicateKey(doc, text, e.pos[0], line);
        return `line ${line}: syntax error: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`;
      }),
    };
  }
  const data = doc.toJS() as unknown;
  const lineOf = (path: Path): number => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node?.range) return lineAt(node.range[0]);
    }
    return 1;
  };
  if (validate(data)) return { data: data as WorldFileData, lineOf, problems: [], broken: new Set() };
  const errors = (validator?.errors ?? []).filter((e) => e.keyword !== 'if');
  const problems = schemaProblems(errors, lineOf, lineAt, doc);
  const places = errors.map(errorPlace);
  if (typeof data !== 'object' || data === null || Array.isArray(data) || places.some((p) => p.length === 0))
    return { unreadable: problems };
  const broken = new Set(
    places.map((p) => entryName(SECTIONS.has(p[0] as string) ? p.slice(0, 2) : p.slice(0, 1))),
  );
  return { data: data as WorldFileData, lineOf, problems, broken };
}

/** Where a schema error is: its value's path, or the key it names (an unknown key, a bad name). */
function errorPlace(e: ErrorObject): Path {
  const path = pathOf(e.instancePath);
  if (e.keyword === 'additionalProperties')
    return [...path, (e.params as { additionalProperty: string }).additionalProperty];
  return e.propertyName === undefined ? path : [...path, e.propertyName];
}

function duplicateKey(doc: Document, text: string, offset: number, line: number): string {
  const key = /^["']?([^"':\n]+)/.exec(text.slice(offset))?.[1]?.trim() ?? '';
  const accounts = doc.get('accounts', true) as Node | undefined;
  const inAccounts = accounts?.range && offset >= accounts.range[0] && offset < accounts.range[2];
  return inAccounts
    ? `line ${line}: accounts.${key}: duplicate account "${key}" (each name once)`
    : `line ${line}: duplicate key "${key}"`;
}

function pathOf(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** One line per problem: keyword noise (oneOf branches, if/then) folded into one message per spot. */
function schemaProblems(
  errors: ErrorObject[],
  lineOf: (path: Path) => number,
  lineAt: (offset: number) => number,
  doc: Document,
): string[] {
  const seen = new Map<string, string>();
  // A token holder's value is an amount or a list of ids: where neither fits, the oneOf's one line
  // says so, and its branches' own errors at that spot are left out.
  const holderError = (e: ErrorObject): boolean =>
    e.keyword === 'oneOf' &&
    e.instancePath.startsWith('/tokens/') &&
    !e.schemaPath.startsWith('#/definitions/');
  const holderSpots = new Set(errors.filter(holderError).map((e) => e.instancePath));
  for (const e of errors) {
    if (!holderError(e) && holderSpots.has(e.instancePath)) continue;
    const path = pathOf(e.instancePath);
    const value = doc.getIn(path) as unknown;
    let at = path;
    let message: string;
    if (e.keyword === 'additionalProperties') {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      at = [...path, key];
      message = `unknown key "${key}"`;
      const container = doc.getIn(path, true);
      if (isMap(container)) {
        const pair = container.items.find((p) => (p.key as { value?: unknown })?.value === key);
        const range = (pair?.key as Node | undefined)?.range;
        if (range) {
          record(
            seen,
            `${entryName(at)}|${message}`,
            `line ${lineAt(range[0])}: ${entryName(at)}: ${message}`,
          );
          continue;
        }
      }
    } else if (e.keyword === 'required') {
      message = `missing key "${(e.params as { missingProperty: string }).missingProperty}"`;
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.join(', ');
      const what = path[path.length - 1] === 'type' ? 'type' : 'value';
      message = `unknown ${what} ${JSON.stringify(value)} (one of ${allowed})`;
    } else if (e.keyword === 'propertyNames' || e.propertyName !== undefined) {
      message = `"${e.propertyName ?? ''}" is not a valid name (letters, digits, _ and -)`;
      at = e.propertyName ? [...path, e.propertyName] : path;
    } else if (e.schemaPath.startsWith('#/definitions/amount')) {
      message =
        typeof value === 'string' && /^[0-9]+$/.test(value)
          ? amountOutOfRange(value)
          : `${JSON.stringify(value)} is not an amount (micro-units: a string of digits or an integer, 0 to 2^128 - 1)`;
    } else if (holderError(e)) {
      message = `${JSON.stringify(value)} is neither an amount (ft: micro-units, a string of digits or an integer, 0 to 2^128 - 1) nor a list of uint ids (nft)`;
    } else if (e.keyword === 'type') {
      message = `${JSON.stringify(value)} must be ${article((e.params as { type: string }).type)}`;
    } else if (e.schemaPath.startsWith('#/definitions/bnsName/properties/name')) {
      message = `${JSON.stringify(value)} is not a name the world registers (<name>.btc or <name>.id; lowercase letters, digits, - and _)`;
    } else if (e.keyword === 'pattern') {
      message = `${JSON.stringify(value)} is not a valid ${String(path[path.length - 1])}`;
    } else {
      message = `${JSON.stringify(value)} ${e.message ?? 'is invalid'}`;
    }
    record(seen, `${entryName(at)}|${message}`, `line ${lineOf(at)}: ${entryName(at) || 'file'}: ${message}`);
  }
  return [...seen.values()].sort((a, b) => lineNumber(a) - lineNumber(b));
}

function lineNumber(problem: string): number {
  return Number(/^line (\d+)/.exec(problem)?.[1] ?? 0);
}

function record(seen: Map<string, string>, key: string, line: string): void {
  if (!seen.has(key)) seen.set(key, line);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
