import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpec, type Document, type Schema } from '../load.ts';
import { clientSchemaText, findDrift, judge, loadAllowlist, type Finding } from './client-drift.ts';

const run = promisify(execFile);

/** A copy of the spec whose Block schema lacks `burn_block_time`, a field the client's block has. */
function specWithoutBlockBurnTime(): Document {
  const copy = structuredClone(loadSpec());
  const block = copy.components!.schemas!.Block as Schema;
  delete block.properties!.burn_block_time;
  block.required = block.required?.filter((name) => name !== 'burn_block_time');
  return copy;
}

describe('drift against the official client', () => {
  it('finds no unlisted difference and no stale allowlist entry on the spec as landed', async () => {
    const verdict = judge(await findDrift(loadSpec(), clientSchemaText()), loadAllowlist());
    expect(verdict.unlisted).toEqual([]);
    expect(verdict.stale).toEqual([]);
  });

  it('fires on a field the client has and the spec lost, naming the field and the operation', async () => {
    const verdict = judge(await findDrift(specWithoutBlockBurnTime(), clientSchemaText()), loadAllowlist());
    expect(verdict.unlisted).toContainEqual(
      expect.objectContaining<Partial<Finding>>({
        operationId: 'get_block',
        kind: 'field only in client',
        where: '200 burn_block_time',
      }),
    );
  });

  it('make drift exits 1 on that copy with a table naming the field and the operation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-'));
    const path = join(dir, 'openapi.yaml');
    writeFileSync(path, stringify(specWithoutBlockBurnTime()));
    const failure = await run('npx', ['tsx', 'spec/drift/client-drift-cli.ts', path]).then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/get_block\s*\| field only in client\s*\| 200 burn_block_time\s/);
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
