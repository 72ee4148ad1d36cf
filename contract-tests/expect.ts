import { documentedResponse, type Problem } from '../spec/responses.ts';
import { undeclaredFields, undocumentedFieldsFail } from '../spec/undeclared-fields.ts';
import { answeredRequest } from './checks/answered-request.ts';
import { meaningFindings } from './checks/meaning-checks.ts';
import { routeNotFoundProblems } from './checks/route-not-found.ts';
import type { Exchange } from './http/client.ts';
import { currentTest, skipCurrentTest } from './report/current-test.ts';
import type { Outcome, ProblemRecord } from './report/records.ts';
import { checker, doc, operations } from './spec-context.ts';
import type { ContractTarget } from './target.ts';
import { findDeviation } from './targets/deviations.ts';

/** One way an answer differs from what the spec says: the spec checker's own record. */
export type { Problem };

export interface Expectation {
  /** The status the spec gives this request. */
  status: number;
  /** Why: the spec rule behind the status, named in a failure. */
  because: string;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const BODY_PREVIEW = 300;

/** UNDOCUMENTED_FIELDS=fail: a field the spec does not declare fails the test instead of being reported. */
const UNDOCUMENTED_FIELDS_FAIL = undocumentedFieldsFail();

/** Fields of the answer that its documented schema does not declare (drift, not a schema failure). */
function undocumentedIn(ex: Exchange): string[] {
  const schema = documentedResponse(ex.operation, ex.status)?.response.content?.['application/json']?.schema;
  return schema && ex.body !== undefined ? undeclaredFields(doc, schema, ex.body) : [];
}

function preview(ex: Exchange): string {
  const type = ex.headers['content-type'] ?? 'no content type';
  const text =
    ex.text.length > BODY_PREVIEW
      ? `${ex.text.slice(0, BODY_PREVIEW)}… (${ex.text.length} bytes)`
      : ex.text || '(empty)';
  return `${ex.status} ${type}; body: ${text}`;
}

function describe(problems: ProblemRecord[]): string {
  return problems.map((p) => `    - ${p.where}: expected ${p.expected}; got ${p.actual}`).join('\n');
}

interface Subject {
  operationId: string;
  url: string;
  exchangeId?: number;
  expectedStatus: number;
  actualStatus: number;
  /** The first lines of a failure: the request, the expectation, what came back. */
  header: string;
  /** The kind of request within its test (an explored mutation's label), matched by a deviation's `test` too. */
  requestKind?: string;
  /** What an error answer's body said, for the report to tell one server error from another. */
  errorMessage?: string;
}

/**
 * Sorts the findings into known deviations of the target and real failures, logs the verdict for
 * the report, and throws a message naming the operation, the request, the spec's expectation
 * and the answer when anything unknown is left.
 */
/** What a judged answer came to: the problems no known deviation covers, and the failure's message. */
export interface Judgement {
  unknown: ProblemRecord[];
  /** Set when a deprecated operation answered 410 Gone: its sunset on this target, not a break. */
  sunset?: string;
  /** The request, the expectation, what came back and the problems; empty when nothing is unknown. */
  message: string;
}

function judge(
  target: ContractTarget,
  subject: Subject,
  findings: Problem[],
  outcomeIfClean: Outcome,
  note?: string,
  undocumented: string[] = [],
  record = true,
): Judgement {
  const deviations = target.file.knownDeviations ?? [];
  const test = currentTest();
  const testName = [test?.name, subject.requestKind].filter((n) => n !== undefined).join(' > ');
  const context = { ...subject, ...(testName ? { testName } : {}) };
  const problems: ProblemRecord[] = findings.map((f) => {
    const known = findDeviation(deviations, f, context);
    return known ? { ...f, deviation: known.id } : { ...f };
  });
  const unknown = problems.filter((p) => p.deviation === undefined);
  const outcome: Outcome = unknown.length > 0 ? 'fail' : problems.length > 0 ? 'known' : outcomeIfClean;
  if (record)
    target.log.write({
      kind: 'verdict',
      ...(subject.exchangeId !== undefined ? { exchangeId: subject.exchangeId } : {}),
      ...(test ? { test } : {}),
      operationId: subject.operationId,
      url: subject.url,
      expectedStatus: subject.expectedStatus,
      actualStatus: subject.actualStatus,
      ...(subject.errorMessage !== undefined ? { errorMessage: subject.errorMessage } : {}),
      outcome,
      problems,
      ...(note ? { note } : {}),
      ...(undocumented.length ? { undocumented } : {}),
    });
  if (unknown.length === 0) return { unknown, message: '' };
  const known = problems.filter((p) => p.deviation !== undefined);
  const knownText = known.length
    ? `\n  known deviations of target "${target.file.name}" (not failing):\n${describe(known)}`
    : '';
  return { unknown, message: `${subject.header}\n  problems:\n${describe(unknown)}${knownText}` };
}

function orThrow(judgement: Judgement): void {
  if (judgement.unknown.length > 0) throw new ContractViolation(judgement.message);
}

/** A 4xx the operation documents through `4XX`, accepted for an expected 400 where the target file allows it. */
function toleratedStatus(target: ContractTarget, ex: Exchange, expected: number): string | undefined {
  const reason = target.file.tolerances?.clientErrorClass;
  if (!reason || expected !== 400 || ex.status < 400 || ex.status > 499) return undefined;
  const documented = documentedResponse(ex.operation, ex.status);
  return documented?.key === '4XX'
    ? `${ex.status} accepted through the documented 4XX (${reason})`
    : undefined;
}

/** The documented headers and body of the answer's own status, what it means, and the caller's findings. */
function answerFindings(ex: Exchange, more: Problem[]): Problem[] {
  return [
    ...checker.check(ex.operation, ex),
    ...meaningFindings(answeredRequest(ex.operation, ex.target, ex.status, ex.headers, ex.body)),
    ...more,
  ];
}

/**
 * The findings on an answer, given the status the spec expects. A wrong status is the problem,
 * and what the caller checks on the body it expected follows from it (a 500's body has no
 * tokens): its findings are left out. A 5xx where another status was expected is one problem
 * alone: nothing in a server error's answer is the target's meaning.
 */
function statusFindings(ex: Exchange, expectation: Expectation, more: Problem[]): Problem[] {
  if (ex.status === expectation.status) return answerFindings(ex, more);
  const status: Problem = {
    where: 'status',
    expected: `${expectation.status} (${expectation.because})`,
    actual: String(ex.status),
  };
  return ex.status >= 500 ? [status] : [status, ...answerFindings(ex, [])];
}

/** The answer as a verdict names it: the request, the spec's expectation, what came back. */
function subjectOf(ex: Exchange, expectation: Expectation, requestKind?: string): Subject {
  return {
    operationId: ex.operation.operationId,
    url: ex.target,
    exchangeId: ex.id,
    expectedStatus: expectation.status,
    actualStatus: ex.status,
    ...errorMessageOf(ex),
    header: `${ex.operation.operationId}: ${ex.operation.method.toUpperCase()} ${ex.target}\n  spec expects: ${expectation.status}: ${expectation.because}\n  came back:    ${preview(ex)}`,
    ...(requestKind ? { requestKind } : {}),
  };
}

/** An error answer's `message` (else `error`), when its body has one. */
function errorMessageOf(ex: Exchange): { errorMessage?: string } {
  if (ex.status < 400 || typeof ex.body !== 'object' || ex.body === null) return {};
  const body = ex.body as Record<string, unknown>;
  const said = [body.message, body.error].find((m): m is string => typeof m === 'string' && m !== '');
  return said === undefined ? {} : { errorMessage: said };
}

/**
 * One answer against the spec: the expected status, and for that status the documented body
 * schema, JSON content type and required headers (`Warning` on deprecated operations,
 * `retry-after` on 429, the rate-limit headers' types when sent), then what it means
 * (`checks/meaning-checks.ts`). `more` adds findings of the caller's own checks on the same answer.
 */
export function expectResponse(
  target: ContractTarget,
  ex: Exchange,
  expectation: Expectation,
  more: Problem[] = [],
): void {
  const judgement = judgeResponse(target, ex, expectation, more);
  if (judgement.sunset) skipCurrentTest(judgement.sunset);
  orThrow(judgement);
}

/**
 * An answer to a route the target's release does not serve: its router's not-found
 * (`checks/route-not-found.ts`), not the operation's documented responses.
 */
export function expectRouteNotFound(target: ContractTarget, ex: Exchange, because: string): void {
  const expectation = { status: 404, because };
  const findings = routeNotFoundProblems({ method: ex.operation.method, target: ex.target }, ex);
  orThrow(judge(target, subjectOf(ex, expectation), findings, 'pass'));
}

/**
 * A 410 Gone from an operation deprecated in the target's release or in the newest: the real
 * service answers so once its switch retires deprecated routes (the sunset its migration guide
 * announces). What the test meant to check is moot; the operation's successor is named.
 */
function sunsetOf(ex: Exchange, expectation: Expectation): string | undefined {
  if (ex.status !== 410 || expectation.status === 410) return undefined;
  const newest = operations.find((o) => o.operationId === ex.operation.operationId);
  if (!ex.operation.deprecated && !newest?.deprecated) return undefined;
  const successor = newest?.replacedBy ?? ex.operation.replacedBy;
  const named = successor?.routes?.join(', ') ?? successor?.operationId;
  const said = errorMessageOf(ex).errorMessage;
  return `sunset on this target: ${ex.operation.operationId}, deprecated, answered 410 Gone${said ? ` ("${said}")` : ''}${named ? `; its successor: ${named}` : ''}`;
}

/**
 * `expectResponse` without the throw: the judgement of one answer, logged for the report unless
 * `record` is false (the exploration's shrinking replays, which must not count twice).
 */
export function judgeResponse(
  target: ContractTarget,
  ex: Exchange,
  expectation: Expectation,
  more: Problem[] = [],
  record = true,
  requestKind?: string,
): Judgement {
  const sunset = sunsetOf(ex, expectation);
  if (sunset) {
    const judged = judge(target, subjectOf(ex, expectation, requestKind), [], 'sunset', sunset, [], record);
    return { ...judged, sunset };
  }
  const tolerated =
    ex.status === expectation.status ? undefined : toleratedStatus(target, ex, expectation.status);
  const findings = tolerated ? answerFindings(ex, more) : statusFindings(ex, expectation, more);
  const undocumented = undocumentedIn(ex);
  if (UNDOCUMENTED_FIELDS_FAIL) {
    for (const field of undocumented) {
      findings.push({
        where: `undocumented field ${field}`,
        expected: 'only declared fields',
        actual: 'sent',
      });
    }
  }
  return judge(
    target,
    subjectOf(ex, expectation, requestKind),
    findings,
    tolerated ? 'tolerated' : 'pass',
    tolerated,
    UNDOCUMENTED_FIELDS_FAIL ? [] : undocumented,
    record,
  );
}

/**
 * A check across answers (order, totals, equality between operations, chain invariants): the
 * findings are about `operationId`, shown with the requests that were compared.
 */
export function expectConsistent(
  target: ContractTarget,
  operationId: string,
  what: string,
  exchanges: Exchange[],
  findings: Problem[],
): void {
  orThrow(judgeConsistent(target, operationId, what, exchanges, findings));
}

/** `expectConsistent` without the throw; `record` as for `judgeResponse`. */
export function judgeConsistent(
  target: ContractTarget,
  operationId: string,
  what: string,
  exchanges: Exchange[],
  findings: Problem[],
  record = true,
): Judgement {
  const last = exchanges[exchanges.length - 1];
  const requests = exchanges.map((e) => `    GET ${e.target} → ${e.status}`).join('\n');
  return judge(
    target,
    {
      operationId,
      url: last?.target ?? '',
      ...(last ? { exchangeId: last.id } : {}),
      expectedStatus: 200,
      actualStatus: last?.status ?? 0,
      header: `${operationId}: ${what}\n  requests compared:\n${requests}`,
    },
    findings,
    'pass',
    undefined,
    [],
    record,
  );
}
