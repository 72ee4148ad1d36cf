import { describe, expect, it } from 'vitest';
import { perVersion } from './version-memo.ts';

describe('perVersion', () => {
  it('computes once per version, again after each change, and only when read', () => {
    const source = { version: 0 };
    let runs = 0;
    const value = perVersion(source, () => ({ run: ++runs }));
    expect(runs).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    source.version = 3;
    source.version = 4;
    expect(value()).toEqual({ run: 2 });
    expect(value()).toBe(value());
    expect(runs).toBe(2);
  });
});
