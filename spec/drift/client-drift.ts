import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { listOperations, type Document, type Operation } from '../load.ts';
import { operationAsOf } from '../releases/releases.ts';
import { readContracts, type FieldFact, type OperationContract } from './contract-shape.ts';

/**
 * Compares the spec with the official client's contract (`@stacks/blockchain-api-client`, whose
 * `schema.d.ts` openapi-typescript generated from the real service's OpenAPI document). Both
 * sides go through openapi-typescript, so a difference is one of contract, not of tooling.
 */

export const FINDING_KINDS = [
  'parameter only in spec',
  'parameter only in client',
  'parameter type',
  'parameter required',
  'status only in spec',
  'status only in client',
  'field only in spec',
  'field only in client',
  'field type',
  'field required',
  'field enum',
  'deprecation',
  'replacement',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  operationId: string;
  kind: FindingKind;
  /** `query limit`, `200 results[].tx.tx_id`, `4XX`, or `` for the operation itself. */
  where: string;
  spec: string;
  client: string;
}

export interface AllowedDifference {
  /** An operationId, or `*` for every operation. */
  operation: string;
  kind: FindingKind;
  where: string;
  reason: string;
}

export const CLIENT_PACKAGE = '@stacks/blockchain-api-client';
export const ALLOWLIST_PATH = new URL('./client-allowlist.yaml', import.meta.url);

/** The pinned client's generated schema, as installed in node_modules. */
export function clientSchemaText(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${CLIENT_PACKAGE}/package.json`);
  return readFileSync(join(dirname(manifest), 'src/generated/schema.d.ts'), 'utf8');
}

export function clientVersion(): string {
  const require = createRequire(import.meta.url);
  return (require(`${CLIENT_PACKAGE}/package.json`) as { version: string }).version;
}

/** The allowlist, one entry a place (an entry whose `where` is a list is one entry per item). */
export function loadAllowlist(path: URL | string = ALLOWLIST_PATH): AllowedDifference[] {
  const raw = parse(readFileSync(path, 'utf8')) as
    (Omit<AllowedDifference, 'where'> & { where: string | string[] })[] | null;
  return (raw ?? []).flatMap((entry) => {
    if (!entry.operation || !entry.kind || entry.where === undefined || !entry.reason?.trim()) {
      throw new Error(
        `${String(path)}: every entry needs operation, kind, where and a reason: ${JSON.stringify(entry)}`,
      );
    }
    if (!FINDING_KINDS.includes(entry.kind)) {
      throw new Error(`${String(path)}: unknown kind "${entry.kind}"; one of: ${FINDING_KINDS.join(', ')}`);
    }
    return (Array.isArray(entry.where) ? entry.where : [entry.where]).map((where) => ({
      ...entry,
      where: String(where),
    }));
  });
}

/** The spec lowered by openapi-typescript, the same tool that wrote the client's schema. */
export async function specContracts(doc: Document, ids: string[]): Promise<Map<string, OperationContract>> {
  return readContracts(astToString(await openapiTS(structuredClone(doc) as never)), ids);
}

/**
 * Every difference between the spec and the client, for the spec's operations as the client's
 * release (`version`) serves them: its deprecations, the replacements it names, its parameters.
 */
export async function findDrift(
  doc: Document,
  clientText: string,
  version: string = clientVersion(),
): Promise<Finding[]> {
  // The stacks-node's own routes (/v2/…), which the real service proxies, are the node's contract
  // (its RPC OpenAPI), not the client's: the client has no operation for them; nor for another
  // service's on the same host (`x-service`: the token metadata and signer metrics services).
  const operations = listOperations(doc)
    .filter((op) => !op.path.startsWith('/v2/') && !op.service)
    .map((op) => operationAsOf(op, version));
  const ids = operations.map((op) => op.operationId);
  const ours = await specContracts(doc, ids);
  const theirs = readContracts(clientText, ids);
  return operations.flatMap((op) =>
    compareOperation(op, ours.get(op.operationId)!, theirs.get(op.operationId)!),
  );
}

/** The differences of one operation; `op` is the spec's as the other side's release serves it. */
export function compareOperation(
  op: Operation,
  spec: OperationContract,
  client: OperationContract,
): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: FindingKind, where: string, specSide: string, clientSide: string): void => {
    findings.push({ operationId: op.operationId, kind, where, spec: specSide, client: clientSide });
  };
  compareFields(spec.parameters, client.parameters, '', 'parameter', add);
  for (const status of union(spec.responses.keys(), client.responses.keys())) {
    const ours = spec.responses.get(status);
    const theirs = client.responses.get(status);
    if (!ours) add('status only in client', status, 'not documented', 'documented');
    else if (!theirs) add('status only in spec', status, 'documented', 'not documented');
    else compareFields(ours, theirs, `${status} `, 'field', add);
  }
  if (op.deprecated !== client.deprecated) {
    add(
      'deprecation',
      '',
      op.deprecated ? 'deprecated' : 'not deprecated',
      client.deprecated ? 'deprecated' : 'not deprecated',
    );
  }
  const replacement = client.replacedBy;
  if (replacement?.routes) {
    // v9's notes name routes (`**Deprecated:** use `GET …``): the same set as the spec's x-replaced-by.
    const ours = op.replacedBy?.routes ?? [];
    const { added, removed } = setDifference(ours, replacement.routes);
    if (added.length || removed.length)
      add('replacement', '', onlyOn(removed, 'spec'), onlyOn(added, 'client'));
  } else if (replacement?.operationId) {
    const named = JSON.stringify(op.replacedBy ?? {});
    const mentioned =
      named.includes(replacement.operationId) || (replacement.path && named.includes(replacement.path));
    if (!mentioned) {
      add(
        'replacement',
        '',
        named === '{}' ? 'none' : named,
        `${replacement.operationId} ${replacement.path ?? ''}`.trim(),
      );
    }
  }
  return findings;
}

function compareFields(
  spec: Map<string, FieldFact>,
  client: Map<string, FieldFact>,
  prefix: string,
  noun: 'parameter' | 'field',
  add: (kind: FindingKind, where: string, spec: string, client: string) => void,
): void {
  for (const path of union(spec.keys(), client.keys())) {
    const ours = spec.get(path);
    const theirs = client.get(path);
    const where = `${prefix}${path || '(body)'}`;
    if (!ours || !theirs) {
      // Report only the outermost one-sided field, not each of its descendants; parameters are flat.
      const parent = noun === 'field' ? parentOf(path) : undefined;
      if (parent !== undefined && (!spec.has(parent) || !client.has(parent))) continue;
      if (!ours) add(`${noun} only in client`, where, 'absent', describe(theirs!));
      else add(`${noun} only in spec`, where, describe(ours), 'absent');
      continue;
    }
    if (ours.kinds.join() !== theirs.kinds.join()) {
      add(`${noun} type`, where, ours.kinds.join(' | '), theirs.kinds.join(' | '));
    }
    if (ours.required !== theirs.required) {
      add(
        `${noun} required`,
        where,
        ours.required ? 'required' : 'optional',
        theirs.required ? 'required' : 'optional',
      );
    }
    const kind = noun === 'field' ? 'field enum' : 'parameter type';
    if (ours.enumeration && theirs.enumeration) {
      // The values each side has that the other lacks, whole: a new value is what drift is for.
      const { added, removed } = setDifference(ours.enumeration, theirs.enumeration);
      if (added.length || removed.length) add(kind, where, onlyOn(removed, 'spec'), onlyOn(added, 'client'));
    } else if (ours.enumeration || theirs.enumeration) {
      add(kind, where, ours.enumeration?.join(', ') ?? 'open', theirs.enumeration?.join(', ') ?? 'open');
    }
  }
}

function parentOf(path: string): string | undefined {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('[]'), path.lastIndexOf('{*}'));
  if (cut <= 0) return path === '' ? undefined : '';
  return path.slice(0, cut);
}

function describe(fact: FieldFact): string {
  const kinds = fact.kinds.join(' | ') || 'unknown';
  return `${kinds}${fact.enumeration ? ` (${fact.enumeration.join(', ')})` : ''}${fact.required ? ', required' : ''}`;
}

/** `added`: in `theirs` only; `removed`: in `ours` only. */
function setDifference(
  ours: readonly string[],
  theirs: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: theirs.filter((v) => !ours.includes(v)),
    removed: ours.filter((v) => !theirs.includes(v)),
  };
}

function onlyOn(values: string[], side: 'spec' | 'client'): string {
  return values.length ? `only in ${side}: ${values.join(', ')}` : '-';
}

function union<T>(a: Iterable<T>, b: Iterable<T>): T[] {
  return [...new Set([...a, ...b])];
}

export interface DriftVerdict {
  unlisted: Finding[];
  allowed: { finding: Finding; reason: string }[];
  stale: AllowedDifference[];
}

export function judge(findings: Finding[], allowlist: AllowedDifference[]): DriftVerdict {
  const used = new Set<AllowedDifference>();
  const verdict: DriftVerdict = { unlisted: [], allowed: [], stale: [] };
  for (const finding of findings) {
    const entry = allowlist.find(
      (a) =>
        (a.operation === '*' || a.operation === finding.operationId) &&
        a.kind === finding.kind &&
        a.where === finding.where,
    );
    if (entry) {
      used.add(entry);
      verdict.allowed.push({ finding, reason: entry.reason });
    } else verdict.unlisted.push(finding);
  }
  verdict.stale = allowlist.filter((a) => !used.has(a));
  return verdict;
}

/** A plain-text table, one finding a row; no cell is cut (a long one only stretches its row). */
export function findingsTable(findings: Finding[], other = 'client'): string {
  const header: [string, string, string, string, string] = ['operation', 'kind', 'where', 'spec', other];
  const rows = findings.map((f) => [f.operationId, f.kind, f.where, f.spec, f.client]);
  const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
