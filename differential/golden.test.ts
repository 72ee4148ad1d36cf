import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGolden } from './golden-check.ts';
import { GOLDEN_DIR, readGolden, type GoldenFile } from './golden.ts';
import { readListed } from './listed.ts';

const files = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const listed = readListed();

describe("golden answers: the real service's answers to our chain, recorded by `make differential`", () => {
  it('has one file per world the differential ran on', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'default-mainnet.json',
        'default-testnet.json',
        'wallet.json',
        'token-launch.json',
        'stacking.json',
      ]),
    );
  });

  it.each(files)(
    '%s: the mock still gives every recorded answer, but for the listed differences',
    async (file) => {
      const golden = readGolden(new URL(file, GOLDEN_DIR));
      expect(golden.answers.length).toBeGreaterThan(50);
      expect(await checkGolden(golden, listed)).toEqual([]);
    },
  );

  it('fails when one field of one recorded answer changes', async () => {
    const golden = readGolden(new URL('default-mainnet.json', GOLDEN_DIR));
    const at = golden.answers.findIndex(
      (a) => a.operationId === 'get_account_balance' && a.real.status === 200,
    );
    const changed: GoldenFile = structuredClone(golden);
    const answer = changed.answers[at] as GoldenFile['answers'][number];
    const body = answer.real.body as { stx: { balance: string } };
    body.stx.balance = String(BigInt(body.stx.balance) + 1n);
    changed.answers = [answer];
    expect(await checkGolden(changed, listed)).toEqual([
      {
        path: answer.path,
        field: 'stx.balance',
        mock: String(BigInt(body.stx.balance) - 1n),
        real: body.stx.balance,
      },
    ]);
  });
});
