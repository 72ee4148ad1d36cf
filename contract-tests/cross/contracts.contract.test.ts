import { Cl, cvToHex, cvToValue, hexToCV } from '@stacks/transactions';
import { describe, test, type TestContext } from 'vitest';
import { need, requireWorld } from '../cases/common.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();

type Json = Record<string, unknown>;
function obj(ex: Exchange): Json {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Json) : {};
}

/** The /v2 routes need a stacks-node behind the target; the target file says when there is none. */
function needsNode(ctx: TestContext): void {
  requireWorld(ctx, target);
  if (data.noStacksNode)
    ctx.skip('the target file says no stacks-node answers behind this target (`stacksNode: false`)');
}

/** A new block between two reads means the chain moved: read again rather than cry wolf. */
const ATTEMPTS = 3;

describe('the node agrees with the extended routes', () => {
  test("/v2/info's tip is /extended's chain tip", async (ctx) => {
    needsNode(ctx);
    for (let attempt = 1; ; attempt++) {
      const before = await target.client.call('get_status');
      const info = await target.client.call('get_core_api_info');
      const after = await target.client.call('get_status');
      expectResponse(target, info, { status: 200, because: 'the node info' });
      const tip = obj(before).chain_tip as Json | undefined;
      if (JSON.stringify(tip) !== JSON.stringify(obj(after).chain_tip) && attempt < ATTEMPTS) continue;
      const node = obj(info);
      const findings: Problem[] = [];
      if (node.stacks_tip_height !== tip?.block_height)
        findings.push({
          where: 'agreement',
          expected: `stacks_tip_height = chain_tip.block_height (${String(tip?.block_height)})`,
          actual: String(node.stacks_tip_height),
        });
      if (`0x${String(node.stacks_tip)}` !== tip?.block_hash)
        findings.push({
          where: 'agreement',
          expected: `stacks_tip = chain_tip.block_hash without 0x (${String(tip?.block_hash)})`,
          actual: String(node.stacks_tip),
        });
      expectConsistent(
        target,
        'get_core_api_info',
        "the node's tip against the service's",
        [before, info, after],
        findings,
      );
      return;
    }
  });

  test("a token's get-balance, called read-only, is its holder's extended balance", async (ctx) => {
    needsNode(ctx);
    const asset = need(ctx, data.ftAsset, 'fungible-token holder', 'addresses.ft_activity');
    const holder = need(ctx, data.addresses.ft_activity, 'fungible-token holder', 'addresses.ft_activity');
    const [contractId = ''] = asset.split('::');
    const [contract_address = '', contract_name = ''] = contractId.split('.');
    for (let attempt = 1; ; attempt++) {
      const before = await target.client.call('get_account_balance', { path: { principal: holder } });
      const call = await target.client.call('call_read_only_function', {
        path: { contract_address, contract_name, function_name: 'get-balance' },
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sender: holder, arguments: [cvToHex(Cl.principal(holder))] }),
      });
      const after = await target.client.call('get_account_balance', { path: { principal: holder } });
      expectResponse(target, call, { status: 200, because: `${contractId}'s get-balance` });
      const extendedOf = (ex: Exchange): string =>
        String(
          ((obj(ex).fungible_tokens as Record<string, Json> | undefined)?.[asset]?.balance as
            string | undefined) ?? '0',
        );
      if (extendedOf(before) !== extendedOf(after) && attempt < ATTEMPTS) continue;
      const answer = obj(call);
      const findings: Problem[] = [];
      const read =
        answer.okay === true ? (cvToValue(hexToCV(String(answer.result))) as { value?: unknown }) : undefined;
      if (String(read?.value) !== extendedOf(before))
        findings.push({
          where: 'agreement',
          expected: `(ok u${extendedOf(before)}), the extended balance of ${asset}`,
          actual: JSON.stringify(answer),
        });
      expectConsistent(
        target,
        'call_read_only_function',
        'get-balance against the extended balance',
        [before, call, after],
        findings,
      );
      return;
    }
  });
});
