import { Cl, cvToHex } from '@stacks/transactions';
import type { Variant } from './variant-server.ts';
import { isObject } from './variant-kit.ts';

const AGREE = 'the node agrees with the extended routes > ';

/** Broken node routes, each answer valid in itself: only their agreement with /extended shows it. */
export const CONTRACT_VARIANTS: Variant[] = [
  {
    name: 'node-tip-behind',
    breaks: "/v2/info reports the tip's parent height as its stacks_tip_height",
    caughtBy: [new RegExp(`^${AGREE}/v2/info's tip`)],
    response: (r) => {
      if (r.operationId !== 'get_core_api_info' || r.status !== 200 || !isObject(r.body)) return;
      r.body.stacks_tip_height = Number(r.body.stacks_tip_height) - 1;
    },
  },
  {
    name: 'call-read-balance-off',
    breaks: 'a read-only get-balance answers one more than the token balance',
    caughtBy: [new RegExp(`^${AGREE}a token's get-balance`)],
    response: (r) => {
      if (r.operationId !== 'call_read_only_function' || r.status !== 200 || !isObject(r.body)) return;
      if (r.body.okay !== true || typeof r.body.result !== 'string') return;
      // `(ok uN)`: 07 01 and sixteen bytes of N.
      const n = BigInt(`0x${r.body.result.slice(6)}`);
      r.body.result = cvToHex(Cl.ok(Cl.uint(n + 1n)));
    },
  },
];
