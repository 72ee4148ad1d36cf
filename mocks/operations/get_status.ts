import { serializeStatus } from '../serialize/status.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_status: OperationHandler<'get_status'> = {
  defaulted: [],
  answer: ({ queries, release }) => ok(serializeStatus(queries.chain, release)),
};
