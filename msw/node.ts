import { nodeSources } from '../mocks/create-mock.ts';
import type { WorldFileData } from '../mocks/world/declared/world-file.ts';
import { createStacksMsw, type StacksMsw, type StacksMswOptions } from './stacks-msw.ts';

export type { MswDoor, StacksMsw, StacksMswOptions } from './stacks-msw.ts';
export type { Mock, MockControls, Preference } from '../mocks/mock-handle.ts';
export { ControlError, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';
export { WorldFileError } from '../mocks/world/declared/plan.ts';
export { HOSTED_RATE_LIMITS } from '../mocks/options.ts';

/**
 * MSW handlers for the eight operations, in Node (vitest, jest, any `setupServer`): the mock's
 * world and answers, byte for byte those of `stacks-api-mock` started with the same options.
 * `world` is a world file's path (YAML or JSON) or its content as an object.
 */
export function createStacksHandlers(
  options: StacksMswOptions & { world?: string | WorldFileData } = {},
): StacksMsw {
  const { world, ...rest } = options;
  return createStacksMsw(rest, nodeSources(world));
}
