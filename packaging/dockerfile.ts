import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install-package.ts';

export interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
export function dockerInstructions(path: string = join(ROOT, 'Dockerfile')): Instruction[] {
  return readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The last instruction of a kind in exec form (`["a", "b"]`), after any `--option`s. */
export function execForm(instructions: Instruction[], keyword: string): string[] {
  const found = instructions.filter((i) => i.keyword === keyword).at(-1);
  if (!found) throw new Error(`the Dockerfile has no ${keyword}`);
  const json = found.args.slice(found.args.indexOf('['));
  return JSON.parse(json) as string[];
}
