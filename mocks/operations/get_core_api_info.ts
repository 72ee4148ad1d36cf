import { serializeCoreInfo } from '../serialize/node-info.ts';
import { ok, type OperationHandler } from './types.ts';

/** The node's view of the chain the extended routes serve. */
export const get_core_api_info: OperationHandler<'get_core_api_info'> = {
  defaulted: [],
  answer: ({ queries }) => ok(serializeCoreInfo(queries.chain)),
};
