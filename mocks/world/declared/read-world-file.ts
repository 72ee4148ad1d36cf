import { readFileSync } from 'node:fs';
import { compileWorldFile, type CompiledWorldFile, type WorldFileSettings } from './compile.ts';
import { WorldFileError } from './plan.ts';

/** Reads and compiles a world file; every problem (unreadable file included) is a WorldFileError. */
export function readWorldFile(path: string, defaults: WorldFileSettings): CompiledWorldFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new WorldFileError([`cannot read the file: ${(err as NodeJS.ErrnoException).code ?? 'error'}`]);
  }
  return compileWorldFile(text, defaults);
}
