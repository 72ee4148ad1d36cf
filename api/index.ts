export { startMock, type Mock, type StartMockOptions } from './start-mock.ts';
export type { MockOptions, Network } from '../mocks/options.ts';
export type { WorldIndex } from '../mocks/query/catalogue.ts';
/** The spec's types (generated from spec/openapi.yaml): request parameters and response bodies. */
export type { components, operations, paths } from '../spec/types.ts';
