import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../../spec/http/client.ts';
import { killCliProcesses, runCli } from '../../../testing/http/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-world-'));

afterEach(killCliProcesses);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const cli = await runCli(args, env);
  return {
    child: cli.child,
    out: {
      get stdout() {
        return cli.stdout();
      },
      get stderr() {
        return cli.stderr();
      },
    },
  };
}

/** The CLI started on world file `name` holding `lines`: it must exit 1 and serve nothing; its stderr lines. */
async function refusedFile(name: string, lines: string[]): Promise<{ path: string; stderr: string[] }> {
  const path = join(dir, name);
  writeFileSync(path, [...lines, ''].join('\n'));
  const { child, out } = await run(['--port', '0', '--world', path]);
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  expect(out.stdout).not.toMatch(/listening/);
  expect(out.stderr).not.toMatch(/^\s+at /m);
  return { path, stderr: out.stderr.trimEnd().split('\n') };
}

describe('npm run mock -- --world FILE', () => {
  it('refuses a bad file: exit 1, one line per problem, no stack trace, nothing served', async () => {
    const { path, stderr } = await refusedFile('bad.yaml', [
      'accounts:',
      '  alice: { stx: "1000" }',
      'transactions:',
      '  - { height: 2, type: stx_transfer, sender: alice, recipient: carol, amount: "1", fee: "1" }',
      '  - { height: 900, type: stx_transfer, sender: alice, recipient: alice, amount: "1", fee: "1" }',
    ]);
    expect(stderr).toEqual([
      'the mock cannot start: the world file has 3 problems:',
      `${path}: line 4: transactions[0].recipient: undeclared name "carol" (declare it under accounts, or give an address)`,
      `${path}: line 5: transactions[1].height: height 900 is past the chain tip at 600 (raise blocks: in the file or --blocks)`,
      `${path}: line 5: transactions[1]: sender and recipient are the same principal`,
    ]);
  }, 30_000);

  it("refuses a file whose own contract does not analyse: exit 1, the contract's line, nothing served", async () => {
    const { path, stderr } = await refusedFile('contract.yaml', [
      'accounts:',
      '  alice: { stx: "1000000" }',
      'contracts:',
      '  - { contract: alice.broken, height: 3, source: "(define-public (f) (ok (+ u1 1)))" }',
    ]);
    expect(stderr).toEqual([
      'the mock cannot start: the world file has 1 problem:',
      `${path}: line 4: contracts[0]: alice.broken cannot be deployed: expecting expression of type 'uint', found 'int'`,
    ]);
  }, 60_000);

  it('serves a good file named by MOCK_WORLD', async () => {
    const path = join(dir, 'good.yaml');
    writeFileSync(path, 'accounts:\n  alice: { stx: "1000" }\n  bob: {}\n');
    const { child, out } = await run(['--port', '0', '--blocks', '60'], { MOCK_WORLD: path });
    const deadline = Date.now() + 20_000;
    while (!/listening on (http:\/\/\S+)/.test(out.stdout) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const url = /listening on (http:\/\/[^\s]+)/.exec(out.stdout)?.[1];
    expect(url, out.stderr).toBeDefined();
    const catalogue = (await httpClient(url as string, { keepAlive: false }).get('/_mock/world')).body;
    expect(catalogue.declared.accounts.map((a: { name: string }) => a.name)).toEqual(['alice', 'bob']);
    child.kill('SIGTERM');
    await once(child, 'exit');
  }, 30_000);
});
