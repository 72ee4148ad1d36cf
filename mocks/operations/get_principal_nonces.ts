import { serializePrincipalNonces } from '../serialize/nonces.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_nonces: OperationHandler<'get_principal_nonces'> = {
  defaulted: [],
  answer: ({ queries, path }) => ok(serializePrincipalNonces(queries.nonces(path.principal))),
};
