import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpec, type Document, type Schema } from '../load.ts';
import { clientSchemaText, findDrift, judge, loadAllowlist, type Finding } from './client-drift.ts';
import { driftCommand } from './drift-command.ts';
import { tempDir } from '../../testing/temp-dir.ts';

/**
 * A copy of the spec without three things the client has: the Block schema's `burn_block_time`,
 * `/extended/v1/tx/multiple`'s `exclude_function_args` and the transaction status
 * `problematic_skipped`.
 */
function specMissingThree(): Document {
  const copy = structuredClone(loadSpec());
  // The block's own fields are its header's (Block is BlockHeader and its v2 fields).
  const block = copy.components!.schemas!.BlockHeader as Schema;
  delete block.properties!.burn_block_time;
  block.required = block.required?.filter((name) => name !== 'burn_block_time');
  const op = copy.paths!['/extended/v1/tx/multiple']!.get!;
  op.parameters = op.parameters!.filter(
    (p) => !('$ref' in p) || p.$ref !== '#/components/parameters/ExcludeFunctionArgs',
  );
  const status = (copy.components!.schemas!.ConfirmedTransactionFields as Schema).properties!
    .tx_status as Schema;
  status.enum = status.enum!.filter((v) => v !== 'problematic_skipped');
  return copy;
}

// The spec is lowered through openapi-typescript for each copy, once more by the command `make
// drift` runs: the bound is on a hang, not a timing target.
describe('drift against the official client', { timeout: 180_000 }, () => {
  const dir = tempDir('drift-');

  it('finds no unlisted difference and no stale allowlist entry on the spec as landed', async () => {
    const verdict = judge(await findDrift(loadSpec(), clientSchemaText()), loadAllowlist());
    expect(verdict.unlisted).toEqual([]);
    expect(verdict.stale).toEqual([]);
  });

  // The three tests below read one comparison of that copy (a lowering is seconds of CPU); each
  // still fails alone when its own difference goes unreported.
  let missingThree: Finding[];
  beforeAll(async () => {
    missingThree = judge(await findDrift(specMissingThree(), clientSchemaText()), loadAllowlist()).unlisted;
  }, 180_000);

  it('fires on a field the client has and the spec lost, naming the field and the operation', () => {
    expect(missingThree).toContainEqual(
      expect.objectContaining<Partial<Finding>>({
        operationId: 'get_block',
        kind: 'field only in client',
        where: '200 burn_block_time',
      }),
    );
  });

  it('make drift exits 1 on a copy missing a field, a parameter and an enum value the client has, with a table naming each and its operation', async () => {
    const path = join(dir, 'openapi.yaml');
    writeFileSync(path, stringify(specMissingThree()));
    // The command client-drift-cli.ts runs, in this process: its exit code is what it returns.
    let stdout = '';
    expect(await driftCommand([path], (text) => (stdout += text))).toBe(1);
    expect(stdout).toMatch(/get_block\s*\| field only in client\s*\| 200 burn_block_time\s/);
    expect(stdout).toMatch(
      /get_tx_list_details\s*\| parameter only in client\s*\| query exclude_function_args\s/,
    );
    expect(stdout).toMatch(
      /get_single_transaction_with_transfers\s*\| field enum\s*\| 200 tx\.tx_status\s*\| -\s*\| only in client: problematic_skipped/,
    );
  });

  it('fires on a parameter the client has and the spec lost', () => {
    expect(missingThree).toContainEqual(
      expect.objectContaining<Partial<Finding>>({
        operationId: 'get_tx_list_details',
        kind: 'parameter only in client',
        where: 'query exclude_function_args',
      }),
    );
  });

  it('names an enum value the client has and the spec lost, whole', () => {
    expect(missingThree).toContainEqual({
      operationId: 'get_single_transaction_with_transfers',
      kind: 'field enum',
      where: '200 tx.tx_status',
      spec: '-',
      client: 'only in client: problematic_skipped',
    });
  });

  it("compares v9's deprecation notes (`**Deprecated:** use GET …`) with the spec's replacement routes", async () => {
    const copy = structuredClone(loadSpec());
    const op = copy.paths!['/extended/v1/address/{principal}/balances']!.get as unknown as {
      'x-replaced-by': { routes: string[] };
    };
    op['x-replaced-by'].routes = op['x-replaced-by'].routes.slice(0, 2);
    expect(judge(await findDrift(copy, clientSchemaText()), loadAllowlist()).unlisted).toContainEqual({
      operationId: 'get_account_balance',
      kind: 'replacement',
      where: '',
      spec: '-',
      client: 'only in client: GET /extended/v3/principals/{principal}/balances/nft',
    });
  });

  it('reports an allowlist entry that matches no difference as stale, and an unlisted one as unlisted', () => {
    const finding: Finding = {
      operationId: 'get_block',
      kind: 'field type',
      where: '200 hash',
      spec: 'string',
      client: 'number',
    };
    const stale = {
      operation: 'get_status',
      kind: 'field required' as const,
      where: '200 status',
      reason: 'gone',
    };
    const verdict = judge([finding], [stale]);
    expect(verdict.unlisted).toEqual([finding]);
    expect(verdict.stale).toEqual([stale]);
    expect(
      judge([finding], [{ ...stale, operation: '*', kind: 'field type', where: '200 hash' }]).unlisted,
    ).toEqual([]);
  });
});
