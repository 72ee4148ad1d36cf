import type { FieldDifference } from './compare.ts';
import type { DiffRequest } from './requests.ts';

/** The first answer that showed a difference: where, and both values. */
export interface Example {
  path: string;
  mock: unknown;
  real: unknown;
}

export interface FieldTally {
  count: number;
  example: Example;
}

export interface OperationTally {
  answers: number;
  equal: number;
  fields: Map<string, FieldTally>;
}

/** Counts, per operation, the answers and the JSON-equal ones; per field, the answers that differ in it. */
export class Tally {
  readonly operations = new Map<string, OperationTally>();

  add(request: DiffRequest, found: readonly FieldDifference[]): void {
    let op = this.operations.get(request.operationId);
    if (!op) this.operations.set(request.operationId, (op = { answers: 0, equal: 0, fields: new Map() }));
    op.answers++;
    if (found.length === 0) op.equal++;
    const seen = new Set<string>();
    for (const d of found) {
      if (seen.has(d.field)) continue;
      seen.add(d.field);
      const field = op.fields.get(d.field);
      if (field) field.count++;
      else op.fields.set(d.field, { count: 1, example: { path: request.path, mock: d.mock, real: d.real } });
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
}
