import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTRACT_COMMAND } from '../contract-tests/cli-args.ts';
import { DIFFERENTIAL_COMMAND } from '../differential/command.ts';
import { MOCK_COMMAND, parseCli } from '../mocks/cli-args.ts';
import { EVENT_STREAM_COMMAND } from '../mocks/event-stream/event-stream-command.ts';
import { EXPORT_COMMAND } from '../mocks/export/export-command.ts';
import { PROXY_COMMAND } from '../proxy/cli.ts';
import type { CommandSpec } from '../spec/command-line/declaration.ts';
import { parseCommand } from '../spec/command-line/parse.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : [])),
];
const TEXT = Object.fromEntries(PAGES.map((page) => [page, readFileSync(join(ROOT, page), 'utf8')]));

/** Every command line of the pages' shell blocks, with the page it is on: what a reader pastes into a shell. */
const COMMANDS = PAGES.flatMap((page) =>
  [...(TEXT[page] as string).matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    (block[1] as string)
      .split('\n')
      .filter((line) => /^[A-Za-z]/.test(line))
      .map((line) => ({ page, line })),
  ),
);

const MAKE_TARGETS = new Set(
  [...readFileSync(join(ROOT, 'Makefile'), 'utf8').matchAll(/^([a-z][\w-]*):/gm)].map((m) => m[1]),
);
const NPM_SCRIPTS = new Set(
  Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts),
);

/** The commands besides the mock's own start, each by how a line of the pages runs it. */
const DECLARED: { runs: RegExp; command: CommandSpec }[] = [
  { runs: /^(?:npx stacks-api-mock|npm run mock --) proxy\b/, command: PROXY_COMMAND },
  { runs: /^(?:npx stacks-api-mock|npm run mock --) export\b/, command: EXPORT_COMMAND },
  { runs: /^(?:npx stacks-api-mock|npm run mock --) event-stream\b/, command: EVENT_STREAM_COMMAND },
  { runs: /^npx (?:--yes --package \S+ )?stacks-api-contract\b/, command: CONTRACT_COMMAND },
  { runs: /^npx tsx differential\/cli\.ts\b/, command: DIFFERENTIAL_COMMAND },
];

/** The command without its trailing `# comment`. */
function withoutComment(line: string): string {
  return line.replace(/\s+#.*$/, '');
}

/** The commands of the README and docs/ run as written from a script: no terminal, nobody to answer a prompt. */
describe('the commands of the README and docs/, as a script would run them', () => {
  it('are there to check', () => {
    expect(COMMANDS.length).toBeGreaterThan(50);
  });

  it('npx installs a package (--package) only with --yes: without a terminal, npx cancels rather than ask', () => {
    const asking = PAGES.flatMap((page) =>
      [...(TEXT[page] as string).matchAll(/\bnpx((?: --?[\w-]+(?:[ =][^\s`-]\S*)?)*) (?:--package|-p)\b/g)]
        .filter((m) => !/ --yes\b/.test(m[1] ?? ''))
        .map((m) => `${page}: ${m[0]}`),
    );
    expect(asking).toEqual([]);
  });

  it('name make targets and npm scripts that exist', () => {
    const missing = COMMANDS.flatMap(({ page, line }) => {
      const make = /^(?:[A-Z_]+=\S+ )*make ([a-z][\w-]*)/.exec(line)?.[1];
      const script = /^(?:[A-Z_]+=\S+ )*npm run ([\w:-]+)/.exec(line)?.[1];
      return [
        ...(make && !MAKE_TARGETS.has(make) ? [`${page}: make ${make}`] : []),
        ...(script && !NPM_SCRIPTS.has(script) ? [`${page}: npm run ${script}`] : []),
      ];
    });
    expect(missing).toEqual([]);
  });

  it('hold no placeholder a shell would read as a redirection or a glob (<…>, […])', () => {
    const placeholders = COMMANDS.filter(({ line }) =>
      /[<>[\]]/.test(withoutComment(line).replace(/'[^']*'|"[^"]*"/g, '')),
    );
    expect(placeholders.map(({ page, line }) => `${page}: ${line}`)).toEqual([]);
  });

  it('start the mock with flags it takes (npx stacks-api-mock …, npm run mock -- …, make mock ARGS="…")', () => {
    const starts = COMMANDS.flatMap(({ page, line }) => {
      const flags =
        /^npx stacks-api-mock((?: --\S+(?: [^-\s]\S*)?)*)$/.exec(withoutComment(line))?.[1] ??
        /^npm run mock --((?: --\S+(?: [^-\s]\S*)?)*)$/.exec(withoutComment(line))?.[1] ??
        /^make mock ARGS="([^"]*)"$/.exec(withoutComment(line))?.[1];
      return flags === undefined ? [] : [{ page, line, flags: flags.trim().split(/\s+/).filter(Boolean) }];
    });
    expect(starts.length).toBeGreaterThan(5);
    for (const { page, line, flags } of starts)
      expect(() => parseCli(flags, {}), `${page}: ${line}`).not.toThrow();
  });

  it('run every other command with flags it declares and values it takes (a required one may come from its variable)', () => {
    const runs = COMMANDS.flatMap(
      ({ page, line }): { page: string; line: string; declared: CommandSpec; flags: string }[] => {
        const command = withoutComment(line);
        const make = /^(?:[A-Z_]+=\S+ )*make differential\b.*?(?:ARGS="([^"]*)")?$/.exec(command);
        if (make) return [{ page, line, declared: DIFFERENTIAL_COMMAND, flags: make[1] ?? '' }];
        const declared = DECLARED.find(({ runs }) => runs.test(command));
        return declared
          ? [{ page, line, declared: declared.command, flags: command.replace(declared.runs, '') }]
          : [];
      },
    );
    expect(runs.length).toBeGreaterThan(10);
    for (const { page, line, declared, flags } of runs) {
      let problem: string | undefined;
      try {
        parseCommand(declared, flags.trim().split(/\s+/).filter(Boolean), {});
      } catch (err) {
        problem = (err as Error).message;
      }
      expect(problem?.startsWith('missing ') ? undefined : problem, `${page}: ${line}`).toBeUndefined();
    }
  });

  it("docs/mock.md's table names every flag of the mock, with its variable and its default", () => {
    const rows = [
      ...(TEXT['docs/mock.md'] as string).matchAll(
        /^\| `--([a-z-]+)(?:[^|\\]|\\.)*\| `([A-Z_]+)`[^|]*\| ([^|]+) \|/gm,
      ),
    ];
    expect(rows.map((r) => r[1]).sort()).toEqual(Object.keys(MOCK_COMMAND.options).sort());
    for (const [, name, env, shown] of rows) {
      const option = MOCK_COMMAND.options[name as keyof typeof MOCK_COMMAND.options];
      expect(option.env, `--${name}`).toBe(env);
      const declared = 'default' in option ? option.default : undefined;
      if (declared !== undefined) expect(shown, `--${name}`).toBe(String(declared));
      if (option.type === 'boolean') expect(shown, `--${name}`).toBe('off');
    }
  });
});
