import { serializeNonces } from '../serialize/nonces.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_account_nonces: OperationHandler<'get_account_nonces'> = {
  defaulted: [],
  answer: ({ queries, path }) => ok(serializeNonces(queries.nonces(path.principal))),
};
