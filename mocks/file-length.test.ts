import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint config (eslint.config.js), as `make lint` runs it.
const eslint = new ESLint();

/** `lines` lines of code, each with a blank line and a comment line after it (neither counts). */
function source(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const x${i} = ${i};\n\n// why x${i}\n`).join('');
}

async function lengthProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('the line cap: no file over 400 lines of code', () => {
  it('fails lint at 401 lines of code, not at 400: blank lines and comments do not count', async () => {
    expect(await lengthProblems(source(400), 'mocks/world/generate/x.ts')).toEqual([]);
    expect(await lengthProblems(source(401), 'mocks/world/generate/x.ts')).toEqual([
      'File has too many lines (401). Maximum allowed is 400.',
    ]);
  });

  it('holds tests to it too', async () => {
    expect(await lengthProblems(source(401), 'mocks/query/x.test.ts')).toHaveLength(1);
  });

  it('leaves the generated spec types alone', async () => {
    expect(await eslint.isPathIgnored('spec/types.ts')).toBe(true);
  });
});
