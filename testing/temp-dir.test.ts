import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.ts';

describe('tempDir', () => {
  let dir = '';
  // Registered before tempDir's own: vitest runs a suite's afterAll hooks last first, so this one
  // checks after the removal.
  afterAll(() => {
    expect(existsSync(dir)).toBe(false);
  });
  dir = tempDir('temp-dir-test-');

  it('is there while the tests run', () => {
    expect(existsSync(dir)).toBe(true);
  });
});
