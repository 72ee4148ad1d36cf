import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContractCli } from '../contract-tests/cli-args.ts';
import { readConfig } from '../contract-tests/config.ts';
import { recipeCommand } from './ci-recipe.ts';
import { ROOT } from './install-package.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const vars = { STAGING_API_KEY: 'a-secret-key', STAGING_BASE_URL: 'https://staging.example.org' };

describe('the CI recipe (docs/ci/contract-staging.yml)', () => {
  const recipe = recipeCommand(vars);

  it('runs a bin of this package, at a version range that includes this version', () => {
    expect(Object.keys(pkg.bin)).toContain(recipe.bin);
    const [name, range] = recipe.packageSpec.split('@');
    expect(name).toBe(pkg.name);
    expect(`${pkg.version}.`.startsWith(`${range}.`)).toBe(true);
  });

  it('passes flags the contract command accepts, for a live run with the key from the secret', () => {
    const settings = parseContractCli(recipe.args, recipe.env, '/work');
    expect(settings).not.toBe('help');
    const config = readConfig({ ...recipe.env, ...(settings as Record<string, string>) });
    expect(config.kind).toBe('live');
    expect(config.baseUrl).toBe(vars.STAGING_BASE_URL);
    expect(config.apiKey).toBe(vars.STAGING_API_KEY);
    expect(recipe.args.join(' ')).not.toContain(vars.STAGING_API_KEY);
  });

  it('publishes the JUnit file the run writes, also when the suite fails', () => {
    const settings = parseContractCli(recipe.args, recipe.env, '/work') as Record<string, string>;
    // Each run writes into its own reports/runs/<run>/; latest links to the one that just ended.
    const junit = join(settings.CONTRACT_REPORT_DIR as string, 'latest', 'contract-junit.xml');
    const published = recipe.steps
      .filter((s) => s.if === 'always()')
      .flatMap((s) => Object.values(s.with ?? {}));
    expect(published.map((p) => join('/work', p))).toContain(junit);
  });
});
