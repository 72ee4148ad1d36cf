import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addFormats, Ajv2020 } from '../../spec/ajv.ts';

export type EventKind = 'stx' | 'ft' | 'nft';

/**
 * The roles of notable addresses, named as the mock's world catalogue names them (`addresses` of
 * `/_mock/world`, mocks/query/catalogue.ts): one vocabulary for a target file and a mock's world.
 */
export const ADDRESS_ROLES = [
  'stx_activity',
  'ft_activity',
  'nft_activity',
  'contract_principal',
  'locked_stx',
  'vesting',
] as const;
export type AddressRole = (typeof ADDRESS_ROLES)[number];

/** The names target files used before they took the catalogue's: a file that still has one is told its new name. */
const FORMER_ROLE_NAMES: Record<string, AddressRole> = {
  stx: 'stx_activity',
  ft: 'ft_activity',
  nft: 'nft_activity',
  contract: 'contract_principal',
  locked: 'locked_stx',
};

export interface AddressTransaction {
  address: string;
  tx_id: string;
  events?: EventKind[];
  eventCount?: number;
}

export interface KnownDeviation {
  id: string;
  /** Absent: every operation. */
  operationId?: string;
  where: string;
  request?: string;
  /** A pattern of the test's name, for a kind of request the URL cannot tell. */
  test?: string;
  expectedStatus?: number;
  actualStatus?: number;
  reason: string;
}

/** A target file as `fixtures/targets/schema.json` describes it. */
export interface TargetFile {
  $schema?: string;
  name: string;
  description: string;
  generated?: { by: string; from: Record<string, unknown> };
  network?: 'mainnet' | 'testnet';
  /** The target is a mock: the suite may send it requests that change its chain. */
  mock?: boolean;
  /** False: no stacks-node behind the target; the `x-stacks-node` operations are skipped. */
  stacksNode?: boolean;
  world?: 'coherent' | 'examples';
  auth?: { keyRequired?: boolean; invalidKeyRejected?: boolean; anyKeyAccepted?: boolean };
  rateLimit?: { anonymousPerMinute?: number; keyedPerMinute?: number };
  addresses?: Partial<Record<AddressRole, string>> & {
    /** An address whose transactions fill a few pages. */
    paginated?: string;
    /** Addresses whose whole history is small enough to walk: balances must equal their transfers. */
    fullHistory?: string[];
  };
  transactions?: { byType?: Record<string, string[]>; byStatus?: Record<string, string[]> };
  mempool?: string[];
  addressTransactions?: AddressTransaction[];
  unrelatedTransaction?: { address: string; tx_id: string };
  blocks?: Array<{ height: number; hash: string; index_block_hash: string }>;
  tolerances?: { clientErrorClass?: string };
  knownDeviations?: KnownDeviation[];
}

const TARGET_SCHEMA_PATH = fileURLToPath(new URL('../../fixtures/targets/schema.json', import.meta.url));

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** The problems of a target file against the schema; empty when it is valid. */
export function targetFileProblems(value: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    validator = ajv.compile(JSON.parse(readFileSync(TARGET_SCHEMA_PATH, 'utf8')) as object);
  }
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}

/** `addresses.stx → addresses.stx_activity` for each former role name in the file. */
function formerRoleNames(parsed: unknown): string[] {
  const addresses = (parsed as { addresses?: unknown } | null)?.addresses;
  if (typeof addresses !== 'object' || addresses === null) return [];
  return Object.keys(addresses)
    .filter((k) => k in FORMER_ROLE_NAMES)
    .map((k) => `rename addresses.${k} to addresses.${FORMER_ROLE_NAMES[k]}`);
}

export function loadTargetFile(path: string): TargetFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(
      `cannot read the target file ${path}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const former = formerRoleNames(parsed);
  if (former.length)
    throw new Error(
      `the target file ${path} uses former address role names: ${former.join(', ')} (the roles are now named as the mock's /_mock/world catalogue names them)`,
    );
  const problems = targetFileProblems(parsed);
  if (problems.length)
    throw new Error(
      `the target file ${path} does not follow fixtures/targets/schema.json:\n  ${problems.join('\n  ')}`,
    );
  return parsed as TargetFile;
}
