/**
 * Runs `step` once fewer than `most` steps run. package.test.ts runs its tests at once (each its
 * own project folder's commands, none reads another's), so the file takes about its longest test,
 * not their sum; the steps that keep a core busy (a suite run, tsc, a test runner's start) take
 * turns for two cores, the light ones do not wait.
 */
export function turns(most: number): <T>(step: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (step) => {
    while (running >= most) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await step();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
