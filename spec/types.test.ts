import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpec, SPEC_PATH } from './load.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COMMITTED_TYPES = fileURLToPath(new URL('./types.ts', import.meta.url));
const GENERATOR = join(ROOT, 'node_modules/.bin/openapi-typescript');
const STALE = 'spec/types.ts is stale: run `npm run types`';

const workDir = mkdtempSync(join(tmpdir(), 'spec-types-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * The generator's arguments as `npm run types` passes them, with the input and output swapped for
 * the given paths; read from package.json so an option added there is used here too.
 */
function generatorArgs(input: string, output: string): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = pkg.scripts.types!.trim().split(/\s+/);
  if (
    command !== 'openapi-typescript' ||
    !args.includes('spec/openapi.yaml') ||
    !args.includes('spec/types.ts')
  ) {
    throw new Error(`unexpected "types" script: ${pkg.scripts.types}`);
  }
  return args.map((arg) => (arg === 'spec/openapi.yaml' ? input : arg === 'spec/types.ts' ? output : arg));
}

async function generateTypes(specFile: string): Promise<string> {
  const output = join(workDir, `${Math.random().toString(36).slice(2)}.ts`);
  await promisify(execFile)(GENERATOR, generatorArgs(specFile, output), { cwd: ROOT });
  return readFileSync(output, 'utf8');
}

describe('spec/types.ts', () => {
  it('is what `npm run types` generates from spec/openapi.yaml', async () => {
    const generated = await generateTypes(SPEC_PATH);
    expect(generated === readFileSync(COMMITTED_TYPES, 'utf8'), STALE).toBe(true);
  });

  it('is reported stale when the spec changes', async () => {
    const changed = structuredClone(loadSpec());
    changed.components!.schemas!.BlockHeader!.properties!.signer_bitvec = { type: 'string' };
    const changedSpec = join(workDir, 'changed-openapi.yaml');
    writeFileSync(changedSpec, stringify(changed));

    const generated = await generateTypes(changedSpec);
    expect(generated).toContain('signer_bitvec?: string;');
    expect(generated === readFileSync(COMMITTED_TYPES, 'utf8')).toBe(false);
  });
});
