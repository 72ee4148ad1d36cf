import type { FieldDifference } from './compare.ts';
import type { DiffRequest } from './starting-requests.ts';

/** The first answer that showed a difference: where, and both values. */
export interface Example {
  path: string;
  mock: unknown;
  real: unknown;
}

export interface FieldTally {
  field: string;
  group: string;
  count: number;
  example: Example;
}

export interface OperationTally {
  answers: number;
  /** JSON-equal: the same status and body (headers aside). */
  equal: number;
  /** JSON-equal, with the same compared headers and 304 (whether the 304 carries an ETag aside). */
  headersEqual: number;
  /** Answers that differ only in listed differences. */
  explained: number;
  /** Answers with at least one difference not listed. */
  notExplained: number;
  fields: Map<string, FieldTally>;
}

/** Whether a differing field is a header or the revalidation, not the status or the body. */
export function isHeaderField(field: string): boolean {
  return field.startsWith('(header ') || field.startsWith('(304 ');
}

/** Counts, per operation, the answers and the JSON-equal ones; per field and group of requests, the answers that differ in it. */
export class Tally {
  readonly operations = new Map<string, OperationTally>();

  /** `listed` says whether a differing field is a listed difference. */
  add(request: DiffRequest, found: readonly FieldDifference[], listed: (field: string) => boolean): void {
    let op = this.operations.get(request.operationId);
    if (!op)
      this.operations.set(
        request.operationId,
        (op = { answers: 0, equal: 0, headersEqual: 0, explained: 0, notExplained: 0, fields: new Map() }),
      );
    op.answers++;
    if (found.every((d) => isHeaderField(d.field))) op.equal++;
    // The real 304 never carries its ETag (a defect of every release so far): counted apart.
    if (found.every((d) => d.field === '(304 etag)')) op.headersEqual++;
    if (found.length > 0 && found.every((d) => listed(d.field))) op.explained++;
    if (found.some((d) => !listed(d.field))) op.notExplained++;
    const seen = new Set<string>();
    for (const d of found) {
      const key = `${d.field}\u0000${request.group}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const field = op.fields.get(key);
      if (field) field.count++;
      else
        op.fields.set(key, {
          field: d.field,
          group: request.group,
          count: 1,
          example: { path: request.path, mock: d.mock, real: d.real },
        });
    }
  }

  get answers(): number {
    let n = 0;
    for (const op of this.operations.values()) n += op.answers;
    return n;
  }

  get equal(): number {
    let n = 0;
    for (const op of this.operations.values()) n += op.equal;
    return n;
  }

  get headersEqual(): number {
    let n = 0;
    for (const op of this.operations.values()) n += op.headersEqual;
    return n;
  }

  get explained(): number {
    let n = 0;
    for (const op of this.operations.values()) n += op.explained;
    return n;
  }

  get notExplained(): number {
    let n = 0;
    for (const op of this.operations.values()) n += op.notExplained;
    return n;
  }
}
