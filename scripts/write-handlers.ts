import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listOperations } from '../spec/load.ts';

/** Where the handler registry is kept: generated from the spec's operationIds (`make types`). */
export const HANDLERS_PATH = fileURLToPath(new URL('../mocks/operations/handlers.ts', import.meta.url));

/**
 * The handler registry's source: each operationId of the spec, in its order, imported from its
 * own file, `mocks/operations/<operationId>.ts`, which exports a handler of that name.
 */
export function handlersSource(operationIds: readonly string[]): string {
  return [
    '// Generated from spec/openapi.yaml by scripts/write-handlers.ts (`make types`): do not edit.',
    ...operationIds.map((id) => `import { ${id} } from './${id}.ts';`),
    "import type { OperationHandler, OperationHandlers } from './types.ts';",
    '',
    '/** One handler per operationId of the spec; the pipeline refuses to start on any mismatch. */',
    'export const typedHandlers: OperationHandlers = {',
    ...operationIds.map((id) => `  ${id},`),
    '};',
    '',
    '/** The handlers by operationId, as the pipeline holds them. */',
    'export const handlers: Record<string, OperationHandler> = typedHandlers;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(HANDLERS_PATH, handlersSource(listOperations().map((op) => op.operationId)));
  process.stdout.write(`wrote ${HANDLERS_PATH}\n`);
}
