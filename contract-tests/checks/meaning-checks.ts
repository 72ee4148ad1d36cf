import type { Problem } from '../../spec/responses.ts';
import type { AnsweredRequest } from './answered-request.ts';
import { BALANCE_CHECKS } from './balance-checks.ts';
import { BLOCK_AND_TRANSACTION_CHECKS } from './block-and-transaction-checks.ts';
import { DERIVED_CHECKS } from './derived-checks.ts';
import { EVERY_ANSWER_CHECKS } from './every-answer-checks.ts';
import type { MeaningCheck } from './meaning-check.ts';
import { PAGE_CHECKS } from './page-checks.ts';
import { PRINCIPAL_TRANSACTION_CHECKS } from './principal-transaction-checks.ts';

export type { MeaningCheck, Source } from './meaning-check.ts';

/** Every meaning check, each file's in turn; the field table (docs/fields.md) lists them in this order. */
export const MEANING_CHECKS: readonly MeaningCheck[] = [
  ...DERIVED_CHECKS,
  ...EVERY_ANSWER_CHECKS,
  ...BLOCK_AND_TRANSACTION_CHECKS,
  ...PAGE_CHECKS,
  ...PRINCIPAL_TRANSACTION_CHECKS,
  ...BALANCE_CHECKS,
];

/** Every meaning check's findings on one answer. */
export function meaningFindings(answer: AnsweredRequest): Problem[] {
  return MEANING_CHECKS.flatMap((c) => c.check(answer));
}
