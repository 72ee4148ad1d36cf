import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrism } from './start-prism.ts';

const workDir = mkdtempSync(join(tmpdir(), 'start-prism-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

// That a started Prism serves until stopped is checked on the smoke test's Prism (spec/prism-smoke.test.ts).
describe('startPrism', () => {
  it("fails with Prism's own output when Prism cannot start", async () => {
    const broken = join(workDir, 'not-openapi.yaml');
    writeFileSync(broken, 'this: is not an OpenAPI document\n');
    await expect(startPrism({ specPath: broken, timeoutMs: 20_000 })).rejects.toThrow(
      /exited; its output:\n.+/s,
    );
  }, 30_000);
});
