import type { Problem } from '../../spec/responses.ts';

/** Which test an exchange belongs to; absent for requests made while the run sets itself up. */
export interface TestRef {
  id: string;
  name: string;
  file: string;
}

export interface ExchangeRecord {
  kind: 'exchange';
  id: number;
  test?: TestRef;
  operationId: string;
  url: string;
  status: number;
  ms: number;
  /** Set when the request was meant to exceed the rate limit. */
  provoked?: boolean;
  /** Set when this attempt repeats one the server answered 429. */
  retry?: boolean;
  error?: string;
}

/** `sunset`: a deprecated operation answered 410 Gone, as a release past its sunset does: not a break. */
export type Outcome = 'pass' | 'fail' | 'known' | 'tolerated' | 'sunset';

/** A problem as the report keeps it. */
export interface ProblemRecord extends Problem {
  /** The target file's deviation id when the problem is a known one. */
  deviation?: string;
}

/** One checked answer: what the spec expected, and how it went. */
export interface VerdictRecord {
  kind: 'verdict';
  exchangeId?: number;
  test?: TestRef;
  operationId: string;
  url: string;
  expectedStatus: number;
  actualStatus: number;
  outcome: Outcome;
  problems: ProblemRecord[];
  note?: string;
  /** What an error answer's body said (its `message`, else `error`): it tells one server error from another. */
  errorMessage?: string;
  /** Fields the answer carried that the spec does not declare: drift, not failing by default. */
  undocumented?: string[];
}

/** A target-file entry the run had to find through the API. */
export interface DiscoveryRecord {
  kind: 'discovery';
  entry: string;
  value: string;
  how: string;
}

/** Facts about the run for the summary: target, limiter, budget. */
export interface RunRecord {
  kind: 'run';
  target: string;
  /** The release the target's status names, and how the run judged it. */
  release?: string;
  targetFile: string;
  limiter: string;
  maxRequests: number;
  waitedMs?: number;
  /** What the preflight said before the tests: a target file that disagrees with the target, say. */
  notices?: string[];
}

/** What the exploration phase did, for the summary: its seed, cases and requests, and why it stopped early. */
export interface ExplorationRecord {
  kind: 'exploration';
  seed: number;
  cases: number;
  ran: number;
  /** Cases whose first request the pool could not build yet. */
  unbuilt: number;
  requests: number;
  shrinkRequests: number;
  stoppedBecause?: string;
  failed: boolean;
}

export type LogRecord = ExchangeRecord | VerdictRecord | DiscoveryRecord | RunRecord | ExplorationRecord;

export const EXCHANGE_LOG = 'contract-exchanges.jsonl';
