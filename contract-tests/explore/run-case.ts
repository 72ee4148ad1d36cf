import { answerOf, type AnsweredRequest } from '../checks/answered-request.ts';
import { agreementFindings } from '../checks/agreement-checks.ts';
import { judgeResponse } from '../expect.ts';
import { BudgetExceeded } from '../http/budget.ts';
import { operation, requestPath } from '../spec-context.ts';
import type { ContractTarget } from '../target.ts';
import { resolveFollow, resolveStart, type ExploreCase, type PlannedRequest } from './cases.ts';
import type { Pool } from './pool.ts';

/** One request of a case: what was sent, and the status that came back (none when no answer came). */
export interface CaseStep {
  operationId: string;
  url: string;
  status?: number;
}

export interface CaseRun {
  /** The requests the case sent, in order. */
  steps: CaseStep[];
  /** Every 200 answer, for the pool to learn from when the case passed. */
  answers: AnsweredRequest[];
  /** The failure's message: the failing request, the expectation, what came back, the problems. */
  failure?: string;
  /** The pool could not build the first request yet. */
  unbuilt?: boolean;
  /** The request budget ran out during the case. */
  outOfBudget?: boolean;
}

/** A transaction in a microblock not yet anchored may leave the chain: chains do not follow it. */
function anchoredOnly(a: AnsweredRequest): AnsweredRequest {
  if (a.query.get('unanchored') !== 'true') return a;
  return { ...a, status: 0 };
}

/**
 * Runs one case: its first request, then each step that the answer before it names something
 * for. Every answer goes through the spec's response checks and every meaning check
 * (`judgeResponse`), each step's answer through every agreement check with the answer it
 * followed. Stops at the first failure. `record` is false while shrinking, so replays are not
 * counted in the report twice.
 */
export async function runCase(
  c: ExploreCase,
  target: ContractTarget,
  pool: Pool,
  record: boolean,
): Promise<CaseRun> {
  const run: CaseRun = { steps: [], answers: [] };
  const first = resolveStart(c.start, pool);
  if (!first) return { ...run, unbuilt: true };
  const send = async (req: PlannedRequest, after?: AnsweredRequest): Promise<AnsweredRequest | undefined> => {
    const step: CaseStep = {
      operationId: req.operationId,
      url: requestPath(operation(req.operationId), req.path, req.query),
    };
    run.steps.push(step);
    const ex = await target.client.call(req.operationId, { path: req.path, query: req.query });
    step.status = ex.status;
    const answer = answerOf(ex);
    const more = after && ex.status === 200 ? agreementFindings(after, answer) : [];
    const judged = judgeResponse(
      target,
      ex,
      { status: req.status, because: req.because },
      more,
      record,
      req.kind ? `explored ${req.kind}` : undefined,
    );
    if (judged.unknown.length > 0) {
      run.failure = judged.message;
      return undefined;
    }
    if (ex.status === 200) run.answers.push(answer);
    return answer;
  };
  try {
    let last = await send(first);
    for (const step of c.follows) {
      if (!last || last.status !== 200) break;
      const next = resolveFollow(step, anchoredOnly(last));
      if (!next) continue;
      last = await send(next, last);
    }
  } catch (err) {
    if (err instanceof BudgetExceeded) return { ...run, outOfBudget: true };
    run.failure = err instanceof Error ? err.message : String(err);
  }
  return run;
}
