import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runEnginesInBackground, startEngine } from '../load.ts';

/** The nice value of each of this process's threads, by thread id (proc(5): the stat file's 19th field). */
function threadNice(): Map<string, number> {
  const nice = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nice.set(tid, Number(fields[16]));
  }
  return nice;
}

// In the isolated project (vitest.config.ts): runEnginesInBackground is the process's choice from
// then on, and the shared module graph would hand it to other files' engines.
describe.skipIf(process.platform !== 'linux')('engines run in the background once the CLI asks', () => {
  it('the engine’s thread alone takes a lower priority; the mock’s thread keeps its own', async () => {
    const before = threadNice();
    const foreground = await startEngine();
    const niced = (): string[] => [...threadNice()].filter(([, n]) => n > 0).map(([tid]) => tid);
    expect(niced()).toEqual([]);
    await foreground.close();

    runEnginesInBackground();
    const engine = await startEngine();
    try {
      const lowered = niced();
      expect(lowered).toHaveLength(1);
      expect(before.has(lowered[0] as string)).toBe(false);
      expect(threadNice().get(String(process.pid))).toBe(0);
      // Lowered, it still runs: a call crosses and answers.
      expect(engine.tip.height).toBeGreaterThanOrEqual(0);
      engine.mintStx('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE', 1n);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
