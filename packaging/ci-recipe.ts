import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './install-package.ts';

export const RECIPE_PATH = join(ROOT, 'docs/ci/contract-staging.yml');

interface Step {
  if?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface RecipeCommand {
  /** What `npx --package` installs, e.g. `./ci/stacks-api-contract-0.1.0.tgz`. */
  packageSpec: string;
  bin: string;
  /** The bin's arguments, with `$VARIABLE`s replaced from `vars`. */
  args: string[];
  /** The step's env, `${{ … }}` expressions replaced from `vars` by their last name. */
  env: Record<string, string>;
  steps: Step[];
}

/** Splits a one-line shell command on blanks, honouring double quotes, expanding `$NAME`. */
function shellWords(line: string, vars: Record<string, string>): string[] {
  const words = line.match(/"[^"]*"|\S+/g) ?? [];
  return words.map((w) =>
    w.replace(/^"|"$/g, '').replace(/\$([A-Z_][A-Z0-9_]*)/g, (_m, name: string) => {
      const value = vars[name];
      if (value === undefined) throw new Error(`the recipe uses $${name}, which its step does not set`);
      return value;
    }),
  );
}

/**
 * The contract step of the CI recipe, read as GitHub Actions would: its env with the secrets and
 * variables filled from `vars` (keyed by the name after `secrets.` / `vars.`), and its command line.
 */
export function recipeCommand(vars: Record<string, string>): RecipeCommand {
  const workflow = parse(readFileSync(RECIPE_PATH, 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((s) => s.run?.includes('stacks-api-contract'));
  if (!step?.run) throw new Error(`${RECIPE_PATH}: no step runs stacks-api-contract`);
  const env = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{\{\s*(?:secrets|vars)\.([A-Z_]+)\s*\}\}/g, (_m, key: string) => vars[key] ?? ''),
    ]),
  );
  const words = shellWords(step.run.trim(), env);
  const at = words.indexOf('stacks-api-contract');
  const packageAt = words.indexOf('--package');
  if (words[0] !== 'npx' || at < 0 || packageAt < 0)
    throw new Error(`${RECIPE_PATH}: expected npx --package <spec> stacks-api-contract …, got: ${step.run}`);
  return {
    packageSpec: words[packageAt + 1] ?? '',
    bin: 'stacks-api-contract',
    args: words.slice(at + 1),
    env,
    steps,
  };
}
