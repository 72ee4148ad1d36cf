import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorldEngine } from '../world/run/world-engine.ts';
import { eventStreamCommand } from './event-stream-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'event-stream-'));
let stderr: string[];

beforeEach(() => {
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the test reads of a `/new_block` transaction. */
interface Tx {
  contract_interface: { functions: { outputs: unknown }[]; epoch?: string } | null;
}

/** What the own-contract test reads of a `/new_block` transaction. */
interface OwnTx {
  status: string;
  raw_result: string;
  contract_interface: { clarity_version?: string } | null;
}

describe('npm run mock -- event-stream', () => {
  it('writes the world of the flags as TSV lines and says what it wrote', async () => {
    const out = join(dir, 'chain.tsv');
    expect(
      await eventStreamCommand(['--blocks', '60', '--seed', '3', '--network', 'testnet', '--out', out]),
    ).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines.filter((l) => l.split('\t')[2] === '/new_block')).toHaveLength(60);
    expect(lines.every((l) => l.split('\t').length === 4)).toBe(true);
    expect(stderr.join('')).toMatch(
      /^event-stream: wrote .*chain\.tsv \(\d+ \/new_burn_block, 60 \/new_block/,
    );
    // A deployment's interface is the Clarity engine's, as a node reports it: every function's
    // outputs, the tokens, the epoch and Clarity version (read from the source alone, outputs
    // would be none and the tokens missing). pox-4's, in the genesis block, is the node's own, in
    // the epoch it was deployed in; the world's genesis contract, which the engine does not hold, is
    // read from its source.
    const blocks = lines
      .filter((l) => l.split('\t')[2] === '/new_block')
      .map((l) => JSON.parse(l.split('\t')[3] as string) as { block_height: number; transactions: Tx[] });
    const interfaces = (height: (h: number) => boolean) =>
      blocks
        .filter((block) => height(block.block_height))
        .flatMap((block) => block.transactions.flatMap((tx) => tx.contract_interface ?? []));
    expect(interfaces((h) => h === 1).map((abi) => abi.epoch)).toContain('Epoch25');
    const deployed = interfaces((h) => h > 1);
    expect(deployed.length).toBeGreaterThan(0);
    for (const abi of deployed) {
      expect(abi).toMatchObject({ epoch: expect.any(String), clarity_version: expect.any(String) });
      expect(abi.functions.some((f) => JSON.stringify(f.outputs) !== '{"type":"none"}')).toBe(true);
    }
    expect(stderr.join('')).not.toContain('read from its source');
  });

  // The engine runs the file's contract and calls before the chain is built, as startMockServer
  // runs them: without that the command refused the file as a door that cannot wait for it.
  it("writes a world file's own contract and calls with the engine's results", async () => {
    const out = join(dir, 'own.tsv');
    expect(
      await eventStreamCommand([
        '--world',
        'fixtures/worlds/own-contract.yaml',
        '--blocks',
        '60',
        '--out',
        out,
      ]),
    ).toBe(0);
    const txsAt = (height: number) =>
      readFileSync(out, 'utf8')
        .trimEnd()
        .split('\n')
        .filter((l) => l.split('\t')[2] === '/new_block')
        .map((l) => JSON.parse(l.split('\t')[3] as string) as { block_height: number; transactions: OwnTx[] })
        .filter((block) => block.block_height === height)
        .flatMap((block) => block.transactions);
    expect(txsAt(5).map((tx) => tx.contract_interface?.clarity_version)).toContain('Clarity4');
    // Carol's call at height 7 asks for a name Bob took: (err u100), mined abort_by_response.
    expect(
      txsAt(7)
        .filter((tx) => tx.status === 'abort_by_response')
        .map((tx) => tx.raw_result),
    ).toContain(`0x0801${'0'.repeat(30)}64`);
  }, 180_000);

  it('refuses bad usage in one line pointing to its --help (exit 2)', async () => {
    expect(await eventStreamCommand(['--blocks', '60'], {})).toBe(2);
    expect(stderr.join('')).toBe('event-stream: missing --out; see event-stream --help\n');
    stderr = [];
    expect(await eventStreamCommand(['--out', join(dir, 'x.tsv'), '--seed', '-1'], {})).toBe(2);
    expect(stderr.join('')).toBe(
      'event-stream: --seed needs a non-negative integer, got "-1"; see event-stream --help\n',
    );
    stderr = [];
    expect(await eventStreamCommand(['--out', join(dir, 'x.tsv'), '--port', '1'], {})).toBe(2);
    expect(stderr.join('')).toBe('event-stream: unknown flag --port; see event-stream --help\n');
    stderr = [];
    // The world's variables are the mock's; its others (MOCK_PORT) are not the event stream's business.
    expect(
      await eventStreamCommand(['--out', join(dir, 'x.tsv')], { MOCK_BLOCKS: '5', MOCK_PORT: 'x' }),
    ).toBe(2);
    expect(stderr.join('')).toBe(
      'event-stream: MOCK_BLOCKS needs an integer of at least 60, got "5"; see event-stream --help\n',
    );
  });

  it('names each problem of a world file, and a file it cannot write (exit 1)', async () => {
    const world = join(dir, 'bad.yaml');
    writeFileSync(world, 'accounts:\n  alice: { stx: "x" }\n');
    expect(await eventStreamCommand(['--world', world, '--out', join(dir, 'w.tsv')])).toBe(1);
    expect(stderr.join('')).toMatch(/^event-stream: the world file has problems:\n.*bad\.yaml: line 2: /);
    stderr = [];
    expect(await eventStreamCommand(['--blocks', '60', '--out', join(dir, 'missing', 'x.tsv')])).toBe(1);
    expect(stderr.join('')).toMatch(/^event-stream: cannot write .*missing\/x\.tsv: ENOENT/);
  });

  it('says so in one line when the engine gives no interface of the boot contracts, instead of streaming ones read from their source (exit 1)', async () => {
    vi.spyOn(WorldEngine.prototype, 'bootInterface').mockRejectedValue(new Error('its thread was stopped'));
    expect(await eventStreamCommand(['--blocks', '60', '--out', join(dir, 'boot.tsv')])).toBe(1);
    expect(stderr.join('')).toBe(
      'event-stream: the world cannot be streamed: the Clarity engine gave no interface of the boot contracts: its thread was stopped\n',
    );
  }, 180_000);
});
