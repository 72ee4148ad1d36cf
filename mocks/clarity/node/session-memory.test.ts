import { describe, expect, it } from 'vitest';
import { startEngine } from '../load.ts';
import { CLARITY_PACKAGE } from '../unavailable.ts';
import { keptEngineModule } from './engine-bridge.ts';
import { engineImages } from '../../../testing/worlds/engine-images.ts';

const DEPLOYER = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const MIB = 1024 * 1024;

engineImages('off');

describe("the session's memory", () => {
  it('grows by its headroom once after a call, and twenty deployments of 100 kB then fit in it; once its engine ends, the process keeps the compiled module for the next', async () => {
    const engine = await startEngine();
    try {
      const memoryBytes = async () => (await engine.imageLater()).session.memory.byteLength;
      const before = await memoryBytes();
      const roomy = await memoryBytes();
      expect(roomy).toBeGreaterThanOrEqual(before + 8 * MIB);
      // Without headroom the memory grows by the tenth of these (measured on clarinet-sdk 3.21.0).
      for (let i = 0; i < 20; i++) {
        const source = `;; ${'x'.repeat(100_000)}\n(define-map m uint uint)\n(define-read-only (hi) u${i})`;
        const [outcome] = engine.mineBlock([{ kind: 'deploy', sender: DEPLOYER, name: `c${i}`, source }]);
        expect(outcome?.committed).toBe(true);
      }
      expect(await memoryBytes()).toBe(roomy);
    } finally {
      await engine.close();
    }
    const kept = keptEngineModule(CLARITY_PACKAGE);
    expect(kept).toBeInstanceOf(WebAssembly.Module);
    expect(WebAssembly.Module.exports(kept as WebAssembly.Module).map((e) => e.name)).toContain('memory');
  }, 60_000);
});
