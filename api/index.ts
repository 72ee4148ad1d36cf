export {
  ControlError,
  startMock,
  type Listening,
  type Mock,
  type MockControls,
  type Preference,
  type StartMockOptions,
  type SubmitRequest,
  type Tip,
} from './start-mock.ts';
export { stacksApiMiddleware, type NextFunction, type StacksApiMiddleware } from './middleware.ts';
export { HOSTED_RATE_LIMITS, type MockOptions } from '../mocks/options.ts';
export type { NetworkName } from '../mocks/world/tables/network.ts';
export type { WorldCatalogue } from '../mocks/query/catalogue.ts';
export { WorldFileError } from '../mocks/world/declared/plan.ts';
/** The spec's types (generated from spec/openapi.yaml): request parameters and response bodies. */
export type { components, operations, paths } from '../spec/types.ts';
