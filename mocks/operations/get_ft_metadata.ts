import { serializeFtMetadata } from '../serialize/token-metadata.ts';
import { ContractKind } from '../world/tables/kinds.ts';
import { ok, own, type OperationHandler } from './types.ts';

/** The token metadata service's answer for a fungible token contract of the world. */
export const get_ft_metadata: OperationHandler<'get_ft_metadata'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const token = queries.explorer.token(path.principal, ContractKind.Ft);
    return token ? ok(serializeFtMetadata(queries.chain, token)) : own({ json: TOKEN_NOT_FOUND }, 404);
  },
};

/** The token metadata service's 404 body. */
export const TOKEN_NOT_FOUND = { error: 'Token not found' };
