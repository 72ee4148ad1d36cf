import fc from 'fast-check';
import { COMMANDS, SETTINGS_AS_FLAGS } from '../../spec/commands.ts';
import { shownPath } from '../config.ts';
import type { ContractTarget } from '../target.ts';
import type { TargetData } from '../targets/discover.ts';
import { exploreCase, type ExploreCase } from './cases.ts';
import { Pool } from './pool.ts';
import { runCase, type CaseRun, type CaseStep } from './run-case.ts';

/** Cases when CONTRACT_EXPLORE is not set: the mock answers them in a few seconds. */
export const DEFAULT_CASES = 200;
/** Against a rate-limited target without a key (50 a minute), fewer: about two minutes of requests. */
export const DEFAULT_CASES_LIMITED = 30;
/** The most requests the shrinking of a failure may send, besides the run's MAX_REQUESTS. */
const SHRINK_REQUESTS = 150;
/** Requests kept back for a case to finish once started. */
const CASE_RESERVE = 5;

export interface ExploreOptions {
  cases: number;
  seed: number;
}

export interface ExploreResult {
  ran: number;
  unbuilt: number;
  requests: number;
  shrinkRequests: number;
  stoppedBecause?: string;
  /** The smallest failing case found, its requests and the failure's message. */
  failure?: { steps: CaseStep[]; message: string; shrinks: number };
}

/**
 * The exploration phase: `cases` cases drawn by fast-check from `seed`, each built from the
 * spec and from what the target answered so far (the pool grows with every passing case), each
 * answer judged like any other. A failure stops the drawing and is shrunk (fewer steps, smaller
 * picks, limits and offsets) within SHRINK_REQUESTS, keeping the pool as it was when it failed,
 * so the smallest case still fails for the same reason. The same seed sends the same requests
 * to the same chain.
 */
export async function explore(
  target: ContractTarget,
  data: TargetData,
  options: ExploreOptions,
): Promise<ExploreResult> {
  const pool = new Pool(data);
  const result: ExploreResult = { ran: 0, unbuilt: 0, requests: 0, shrinkRequests: 0 };
  let smallest: CaseRun | undefined;
  const property = fc.asyncProperty(exploreCase, async (c: ExploreCase) => {
    const shrinking = smallest !== undefined;
    if (result.stoppedBecause) return true;
    if (shrinking && result.shrinkRequests >= SHRINK_REQUESTS) return true;
    if (target.client.requestsLeft < CASE_RESERVE) {
      if (!shrinking)
        result.stoppedBecause = `the request budget is spent (MAX_REQUESTS=${target.config.maxRequests})`;
      return true;
    }
    const before = target.client.requestsSent;
    const run = await runCase(c, target, pool, !shrinking);
    const sent = target.client.requestsSent - before;
    if (shrinking) result.shrinkRequests += sent;
    else {
      result.requests += sent;
      result.ran += 1;
      if (run.unbuilt) result.unbuilt += 1;
    }
    if (run.outOfBudget) {
      if (!shrinking)
        result.stoppedBecause = `the request budget is spent (MAX_REQUESTS=${target.config.maxRequests})`;
      return true;
    }
    if (run.failure !== undefined) {
      // fast-check shrinks from each failing candidate on: the last failure seen is the smallest.
      smallest = run;
      return false;
    }
    if (!shrinking) for (const a of run.answers) pool.learn(a);
    return true;
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.cases });
  if (details.failed && smallest?.failure !== undefined)
    result.failure = {
      steps: smallest.steps,
      message: smallest.failure,
      shrinks: details.numShrinks,
    };
  return result;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A value as a shell word: as it is when nothing in it is special to the shell. */
function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : shellQuote(s);
}

/** The failing chain as curl commands anyone can paste, and the variables that replay the whole run. */
export function renderFailure(
  target: ContractTarget,
  options: ExploreOptions,
  failure: NonNullable<ExploreResult['failure']>,
): string {
  const base = target.config.baseUrl ?? 'http://127.0.0.1:3999';
  const key = target.config.apiKey ? ` -H 'X-API-Key: '"$API_KEY"` : '';
  const curls = failure.steps.map(
    (step, i) =>
      `  ${i + 1}. curl -sS -H 'Accept: application/json'${key} ${shellQuote(`${base}${step.url}`)}   # ${step.operationId} → ${step.status ?? 'no answer'}`,
  );
  const where = target.config.baseUrl
    ? ''
    : `\n  (the in-process mock: \`${COMMANDS.mock}\` serves the same world at this address)`;
  const settings: [string, string, string | undefined][] = [
    ['CONTRACT_SEED', 'seed', String(options.seed)],
    ['CONTRACT_EXPLORE', 'explore', String(options.cases)],
    ['BASE_URL', 'base-url', target.config.baseUrl],
    [
      'TARGET',
      'target',
      target.config.baseUrl && target.config.targetFile && shownPath(target.config.targetFile),
    ],
  ];
  const given = settings.filter((s): s is [string, string, string] => s[2] !== undefined);
  const command = target.config.baseUrl ? COMMANDS.contract : COMMANDS.contractInProcess;
  const replay = SETTINGS_AS_FLAGS
    ? `${command} ${given.map(([, flag, value]) => `--${flag} ${shellWord(value)}`).join(' ')}`
    : `${given.map(([name, , value]) => `${name}=${shellWord(value)}`).join(' ')} ${command}`;
  return [
    `the exploration found a case that fails, shrunk in ${failure.shrinks} steps to ${failure.steps.length} request${failure.steps.length === 1 ? '' : 's'}:`,
    ...curls,
    where,
    `replay the whole run: ${replay}`,
    '',
    failure.message,
  ]
    .filter((l) => l !== '')
    .join('\n');
}
