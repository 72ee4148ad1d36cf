// The specs arrive as data: scripts/build.ts bundles this entry with esbuild, which reads
// spec/openapi.yaml and the control plane's mocks/control/openapi.yaml at build time
// (msw/spec-document.d.ts types them).
import controlDocument from '../mocks/control/openapi.yaml';
import specDocument from '../spec/openapi.yaml';
import { compileWorldFile } from '../mocks/world/declared/compile.ts';
import type { WorldFileData } from '../mocks/world/declared/world-file.ts';
import { createStacksMsw, type StacksMsw, type StacksMswOptions } from './stacks-msw.ts';

export type { MswDoor, StacksMsw, StacksMswOptions } from './stacks-msw.ts';
export type { Mock, MockControls, Preference } from '../mocks/mock-handle.ts';
export { ControlError, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';
export { WorldFileError } from '../mocks/world/declared/plan.ts';
export { HOSTED_RATE_LIMITS } from '../mocks/options.ts';

/**
 * MSW handlers for the eight operations, in a browser (`setupWorker`): the mock's world and
 * answers, byte for byte those of `stacks-api-mock` started with the same options. `world` is a
 * world file's content as an object (a browser reads no path: import or fetch the file first).
 */
export function createStacksHandlers(options: StacksMswOptions & { world?: WorldFileData } = {}): StacksMsw {
  const { world, ...rest } = options;
  if (typeof world === 'string')
    throw new TypeError('in a browser, world is a world file as an object (parsed YAML or JSON), not a path');
  return createStacksMsw(rest, {
    doc: specDocument,
    controlDoc: controlDocument,
    worldFile:
      world === undefined
        ? undefined
        : (defaults) => compileWorldFile(JSON.stringify(world, null, 2), defaults),
  });
}
