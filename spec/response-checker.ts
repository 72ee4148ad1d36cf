import type { Document, Operation } from './load.ts';
import { RESPONSE_CHECKS } from './response-checks.ts';
import type { HttpResponse } from './http/response.ts';
import { documentedResponse, type Problem } from './responses.ts';
import { createSpecAjv, type SpecAjv } from './schemas.ts';

/**
 * Checks one response against what the spec documents for the operation, by running each named
 * check of `RESPONSE_CHECKS` (status documented, JSON content type, body schema, no body where
 * none is documented, required headers, header schemas). Returns every problem found, empty
 * when the response conforms.
 */
export class ResponseChecker {
  private readonly ajv: SpecAjv;

  constructor(
    private readonly doc: Document,
    ajv?: SpecAjv,
  ) {
    this.ajv = ajv ?? createSpecAjv(doc);
  }

  check(op: Operation, res: HttpResponse): Problem[] {
    const ctx = { doc: this.doc, ajv: this.ajv, op, res, documented: documentedResponse(op, res.status) };
    return RESPONSE_CHECKS.flatMap((check) => check(ctx));
  }
}
