import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../api/index.ts';
import { compileWorldFile } from '../world/declared/compile.ts';
import { WorldFileError } from '../world/declared/plan.ts';

const dir = mkdtempSync(join(tmpdir(), 'own-contract-problems-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEFAULTS = { network: 'mainnet', seed: 1, blocks: 600 } as const;
const ALICE = 'SP2K3EKYJ4Q7VRHBC6TPWGK13Q4J4NWN2RHTA1MZC';

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (err) {
    if (err instanceof WorldFileError) return err.problems;
    throw err;
  }
  return [];
}

describe("a world file's own contracts and calls the engine cannot run stop the world, one line each", () => {
  it('a contract that does not analyse, a missing function, a wrong count or type, a runtime failure: all in one start', async () => {
    const path = join(dir, 'engine.yaml');
    writeFileSync(
      path,
      [
        'accounts:',
        '  alice: { stx: "100000000" }',
        'contracts:',
        '  - contract: alice.broken',
        '    height: 3',
        '    source: "(define-public (f) (ok (+ u1 1)))"',
        '  - contract: alice.counter',
        '    height: 3',
        '    source: |',
        '      (define-data-var n uint u0)',
        '      (define-public (add (by uint)) (begin (var-set n (+ (var-get n) by)) (ok (var-get n))))',
        '      (define-public (boom) (ok (unwrap-panic (element-at? (list u1) u5))))',
        'transactions:',
        '  - { height: 4, type: contract_call, sender: alice, contract: alice.counter, function: sub, args: [u1], fee: "1" }',
        '  - { height: 4, type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u1, u2], fee: "1" }',
        '  - { height: 4, type: contract_call, sender: alice, contract: alice.counter, function: add, args: ["-1"], fee: "1" }',
        // A call to the contract that failed: its deployment is the problem to fix.
        '  - { height: 5, type: contract_call, sender: alice, contract: alice.broken, function: f, fee: "1" }',
        '  - { height: 5, type: contract_call, sender: alice, contract: alice.counter, function: boom, fee: "1" }',
        '  - { height: 6, type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u2], fee: "1" }',
        '',
      ].join('\n'),
    );
    const refused = await startMock({ port: 0, quiet: true, world: path }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(WorldFileError);
    const problems = (refused as WorldFileError).problems;
    expect(problems.slice(0, 4)).toEqual([
      "line 4: contracts[0]: alice.broken cannot be deployed: expecting expression of type 'uint', found 'int'",
      'line 14: transactions[0]: alice.counter: no public function "sub" (its public functions: add, boom)',
      'line 15: transactions[1]: alice.counter: add takes 1 argument, not 2 (IncorrectArgumentCount(1, 2))',
      "line 16: transactions[2]: alice.counter: args[0]: add's by is a uint, not -1 (TypeError(UIntType, IntType))",
    ]);
    expect(problems[4]).toMatch(
      /^line 18: transactions\[4\]: alice\.counter boom cannot run: .*UnwrapFailure/,
    );
    expect(problems).toHaveLength(5);
  }, 120_000);

  it('a literal that does not parse, a call to an undeclared contract or before its deployment, a key a call does not take, a call in the mempool', () => {
    const text = [
      'accounts:',
      '  alice: { stx: "100000000" }',
      'contracts:',
      '  - { contract: alice.counter, height: 5, source: "(define-public (add (by uint)) (ok by))" }',
      'transactions:',
      '  - { height: 6, type: contract_call, sender: alice, contract: alice.counter, function: add, args: ["u"], fee: "1" }',
      '  - { height: 6, type: contract_call, sender: alice, contract: alice.other, function: add, fee: "1" }',
      '  - { height: 4, type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u1], fee: "1" }',
      '  - { height: 6, type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u1], fee: "1", status: abort_by_response }',
      'mempool:',
      '  - { type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u1], fee: "1" }',
      '',
    ].join('\n');
    expect(problemsOf(() => compileWorldFile(text, DEFAULTS))).toEqual([
      `line 6: transactions[0].args[0]: "u" is not a Clarity literal (u5, -3, true, "text", 0x0102, 'SP… or 'name, (some u1), (list u1 u2), {key: u1})`,
      `line 7: transactions[1].contract: unknown contract alice.other: a contract_call calls a contract the file declares under contracts`,
      `line 8: transactions[2].height: alice.counter is deployed at height 5, after this call at height 4`,
      "line 9: transactions[3].status: status does not apply to a contract_call: what it does is what its contract's code does",
      'line 11: mempool[0].type: a contract_call runs in the Clarity engine as the world is built: give it a height under transactions (or broadcast it to the running mock)',
    ]);
  });

  it("writes a declared account as 'name in a principal literal, and leaves string literals alone", () => {
    const text = [
      'accounts:',
      '  alice: {}',
      'contracts:',
      '  - { contract: alice.c, height: 5, source: "(define-public (f (who principal) (s (string-ascii 9))) (ok who))" }',
      'transactions:',
      `  - { height: 6, type: contract_call, sender: alice, contract: alice.c, function: f, args: ["'alice", "\\"'alice\\""], fee: "0" }`,
      '',
    ].join('\n');
    const call = compileWorldFile(text, DEFAULTS).declared.transactions[0];
    expect(call?.args.map((a) => a.repr)).toEqual([`'${ALICE}`, `"'alice"`]);
  });
});
