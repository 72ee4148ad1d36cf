import { makeContractDeploy } from '@stacks/transactions';
import { describe, expect, it, vi } from 'vitest';
import type { ServerRequest } from '../../spec/http/request.ts';
import { ClarityUnavailable } from '../clarity/unavailable.ts';
import { createMock } from '../create-mock.ts';
import { ContractKind } from '../world/tables/kinds.ts';

// As a user's install without @stacks/clarinet-sdk: the engine cannot start.
vi.mock(import('../clarity/load.ts'), async (original) => ({
  ...(await original()),
  startEngine: () => Promise.reject(new ClarityUnavailable('Cannot find package')),
}));

const mock = createMock({ blocks: 60, quiet: true, rateLimit: 0 });
const token = mock.live.queries.chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending)!;
const [address, name] = token.id.split('.') as [string, string];
const boot = mock.live.queries.chain.net.bootAddress;

async function ask(target: string, init: Partial<ServerRequest> = {}) {
  const res = await mock.handle({ method: 'GET', target, headers: {}, ip: '127.0.0.1', ...init });
  return { status: res.status, body: res.body as { message?: string; abi?: unknown } };
}

describe('the contract routes without the Clarity engine', () => {
  it.each([
    ['GET', `/v2/contracts/interface/${address}/${name}`, undefined],
    ['GET', `/v2/contracts/interface/${boot}/pox-4`, undefined],
    ['GET', `/v2/contracts/source/${boot}/bns`, undefined],
    // The world records bns, but its source is the engine's, on both contract routes.
    ['GET', `/extended/v1/contract/${boot}.bns`, undefined],
    ['GET', `/v2/data_var/${address}/${name}/counter`, undefined],
    ['GET', `/v2/constant_val/${address}/${name}/contract-owner`, undefined],
    ['POST', `/v2/map_entry/${address}/${name}/entries`, '"0x0100000000000000000000000000000001"'],
    [
      'POST',
      `/v2/contracts/call-read/${address}/${name}/get-balance`,
      JSON.stringify({ sender: address, arguments: [] }),
    ],
  ])('%s %s answers 501, one line naming the package to install', async (method, target, body) => {
    const res = await ask(target, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    });
    expect(res.status).toBe(501);
    expect(res.body.message).toMatch(/install @stacks\/clarinet-sdk/);
  });

  it('a contract deployment broadcast answers 501, one line naming the package to install', async () => {
    const deploy = await makeContractDeploy({
      contractName: 'mine',
      codeBody: '(define-read-only (hello) u1)',
      senderKey: `${'07'.repeat(32)}01`,
      network: mock.live.queries.chain.net.name,
      nonce: 0,
      fee: 10_000,
    });
    const res = await ask('/v2/transactions', {
      method: 'POST',
      body: JSON.stringify({ tx: deploy.serialize() }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(501);
    expect(res.body.message).toMatch(/install @stacks\/clarinet-sdk/);
  });

  it('what the world serves itself still answers: the source, and the contract with no ABI', async () => {
    expect((await ask(`/v2/contracts/source/${address}/${name}`)).status).toBe(200);
    const contract = await ask(`/extended/v1/contract/${token.id}`);
    expect([contract.status, contract.body.abi]).toEqual([200, null]);
    // The world's own boot contract keeps its stand-in source.
    const pox = await ask(`/extended/v1/contract/${boot}.pox-4`);
    expect([pox.status, pox.body.abi]).toEqual([200, null]);
  });
});
