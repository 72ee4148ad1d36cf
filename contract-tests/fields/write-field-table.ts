import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doc, operations } from '../spec-context.ts';
import { renderFieldTable } from './field-table.ts';

/** Where the field table is kept: docs/fields.md, generated from the checks' own declarations. */
export const FIELD_TABLE_PATH = fileURLToPath(new URL('../../docs/fields.md', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FIELD_TABLE_PATH, renderFieldTable(doc, operations));
  process.stdout.write(`wrote ${FIELD_TABLE_PATH}\n`);
}
