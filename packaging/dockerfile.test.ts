import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../mocks/cli-args.ts';
import { dockerInstructions, execForm } from './dockerfile.ts';
import { ROOT } from './install-package.ts';

const instructions = dockerInstructions();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };

/** What can be checked without a Docker engine; the image itself is untested here (docs/mock.md). */
describe('the Dockerfile', () => {
  it('builds on the official Node 20 image', () => {
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:20(-slim)?$/);
  });

  it('copies only files that exist in the repository', () => {
    const copies = instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'));
    const sources = copies.flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
  });

  it('runs the package’s stacks-api-mock with flags it accepts, as the non-root node user', () => {
    const [bin, ...args] = execForm(instructions, 'CMD');
    expect(Object.keys(pkg.bin)).toContain(bin);
    expect(bin).toBe('stacks-api-mock');
    const options = parseCli(args, {});
    expect(options).toMatchObject({ host: '0.0.0.0', port: 3999 });
    const users = instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.at(-1)).toBe('node');
  });

  it('checks its health on /extended at the port it serves', () => {
    const check = execForm(instructions, 'HEALTHCHECK');
    expect(check.join(' ')).toContain('http://127.0.0.1:3999/extended');
  });
});
