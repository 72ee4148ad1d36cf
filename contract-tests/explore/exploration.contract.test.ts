import { describe, test } from 'vitest';
import { requireWorld } from '../cases/common.ts';
import { ContractViolation } from '../expect.ts';
import { contractTarget, type ContractTarget } from '../target.ts';
import { DEFAULT_CASES, DEFAULT_CASES_LIMITED, explore, renderFailure } from './explore.ts';

const target = await contractTarget();
const data = await target.data();

/** CONTRACT_EXPLORE, else fewer cases where the client limiter holds the run to 50 requests a minute. */
function casesFor(t: ContractTarget): number {
  if (t.config.exploreCases !== undefined) return t.config.exploreCases;
  const limited = t.kind !== 'mock' && t.config.requestsPerMinute !== 0 && !t.config.apiKey;
  return limited ? DEFAULT_CASES_LIMITED : DEFAULT_CASES;
}

// Runs after the fixed cases (contract-tests/project.ts orders it last).
describe('exploration', () => {
  test('seeded requests and chains drawn from the spec and from what the target answered', async (ctx) => {
    requireWorld(ctx, target);
    const options = { cases: casesFor(target), seed: target.config.seed };
    if (options.cases === 0) ctx.skip('CONTRACT_EXPLORE=0 turns the exploration off');
    const result = await explore(target, data, options);
    target.log.write({
      kind: 'exploration',
      seed: options.seed,
      cases: options.cases,
      ran: result.ran,
      unbuilt: result.unbuilt,
      requests: result.requests,
      shrinkRequests: result.shrinkRequests,
      failed: result.failure !== undefined,
      ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    });
    if (result.failure) throw new ContractViolation(renderFailure(target, options, result.failure));
  });
});
