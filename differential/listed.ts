import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Why a difference stays: the real service's defect, the description's rule, what the mock cannot know, or a fault of the mock not fixed yet. */
export type DifferenceKind =
  'real-service-defect' | 'description-rule' | 'mock-cannot-know' | 'mock-fault-open';

/** One known difference: an operation's field (as `differences` names it; `prefix*` for every field under it) and why it stays. */
export interface ListedDifference {
  operation: string;
  field: string;
  /** Only for requests of this group (e.g. `bad input`; `prefix*` for every group it starts); every request of the operation without it. */
  group?: string;
  /** Only against these releases of the real service (e.g. `['9.0.2']`); every release without it. */
  releases?: string[];
  kind: DifferenceKind;
  reason: string;
}

export const DIFFERENCES_FILE = new URL('../fixtures/golden/differences.yaml', import.meta.url);

const KINDS: readonly DifferenceKind[] = [
  'real-service-defect',
  'description-rule',
  'mock-cannot-know',
  'mock-fault-open',
];

/** The listed differences; a malformed entry is an error naming it. */
export function readListed(file: URL | string = DIFFERENCES_FILE): ListedDifference[] {
  const doc = parse(readFileSync(file, 'utf8')) as { differences?: unknown };
  const list = doc?.differences;
  if (!Array.isArray(list)) throw new Error(`${String(file)}: needs a top-level "differences:" list`);
  return list.map((entry: Partial<ListedDifference>, i) => {
    for (const key of ['operation', 'field', 'kind', 'reason'] as const)
      if (typeof entry?.[key] !== 'string' || entry[key] === '')
        throw new Error(`${String(file)}: differences[${i}] needs a "${key}"`);
    if (!KINDS.includes(entry.kind as DifferenceKind))
      throw new Error(`${String(file)}: differences[${i}].kind must be one of ${KINDS.join(', ')}`);
    return entry as ListedDifference;
  });
}

/** Where an answer came from: its operation, its group of requests and the real service's release. */
export interface AnswerOrigin {
  operation: string;
  group: string;
  release: string;
}

/** The listed difference that explains `field` of an answer, if any. */
export function listedFor(
  listed: readonly ListedDifference[],
  origin: AnswerOrigin,
  field: string,
): ListedDifference | undefined {
  return listed.find(
    (l) =>
      (l.operation === origin.operation || l.operation === '*') &&
      matches(l.field, field) &&
      (l.group === undefined || matches(l.group, origin.group)) &&
      (l.releases === undefined || l.releases.includes(origin.release)),
  );
}

/** `pattern` is the name itself, or ends in `*` for every name it starts. */
function matches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}
