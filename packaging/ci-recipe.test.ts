import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContractCli, type ContractCli } from '../contract-tests/cli-args.ts';
import { readConfig } from '../contract-tests/config.ts';
import { RECIPE_PATH, recipeCommand } from './ci-recipe.ts';
import { CONTRACT_PACKAGE } from './install-package.ts';

const pkg = JSON.parse(readFileSync(join(CONTRACT_PACKAGE, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const vars = { STAGING_API_KEY: 'a-secret-key', STAGING_BASE_URL: 'https://staging.example.org' };

describe('the CI recipe (docs/ci/contract-staging.yml)', () => {
  const recipe = recipeCommand(vars);

  it('runs the contract suite’s bin from a tarball committed beside it (pinned bytes), never a registry name someone could claim', () => {
    expect(Object.keys(pkg.bin)).toContain(recipe.bin);
    // npm reads a spec starting with ./ as a file; a bare name or name@range as the registry's.
    expect(recipe.packageSpec).toMatch(/^\.\/[\w./-]+\.tgz$/);
    expect(recipe.packageSpec.endsWith(`/${pkg.name}-${pkg.version}.tgz`)).toBe(true);
    const checkout = recipe.steps.findIndex((s) => s.uses?.startsWith('actions/checkout@'));
    const run = recipe.steps.findIndex((s) => s.run?.includes(recipe.bin));
    expect(checkout, 'the tarball comes from the checked-out repository').toBeGreaterThanOrEqual(0);
    expect(checkout).toBeLessThan(run);
  });

  it('says how to make that tarball from a release of this repository', () => {
    expect(readFileSync(RECIPE_PATH, 'utf8')).toContain('npm pack ./packages/contract');
  });

  it('passes flags the contract command accepts, for a live run with the key from the secret', () => {
    const settings = parseContractCli(recipe.args, recipe.env, '/work');
    expect(settings).not.toBe('help');
    expect((settings as ContractCli).filters, 'the whole suite').toEqual([]);
    const config = readConfig({ ...recipe.env, ...(settings as ContractCli).env });
    expect(config.kind).toBe('live');
    expect(config.baseUrl).toBe(vars.STAGING_BASE_URL);
    expect(config.apiKey).toBe(vars.STAGING_API_KEY);
    expect(recipe.args.join(' ')).not.toContain(vars.STAGING_API_KEY);
  });

  it('publishes the JUnit file the run writes, also when the suite fails', () => {
    const settings = (parseContractCli(recipe.args, recipe.env, '/work') as ContractCli).env;
    // Each run writes into its own reports/runs/<run>/; latest links to the one that just ended.
    const junit = join(settings.CONTRACT_REPORT_DIR as string, 'latest', 'contract-junit.xml');
    const published = recipe.steps
      .filter((s) => s.if === 'always()')
      .flatMap((s) => Object.values(s.with ?? {}));
    expect(published.map((p) => join('/work', p))).toContain(junit);
  });
});
