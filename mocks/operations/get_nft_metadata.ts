import { ContractKind } from '../world/tables/kinds.ts';
import { TOKEN_NOT_FOUND } from './get_ft_metadata.ts';
import { ok, own, type OperationHandler } from './types.ts';

/** A minted token of the world's NFT contracts: they answer `get-token-uri` with none, so there is no URI nor metadata. */
export const get_nft_metadata: OperationHandler<'get_nft_metadata'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const token = queries.explorer.token(path.principal, ContractKind.Nft);
    return token?.minted.has(path.token_id) ? ok({}) : own({ json: TOKEN_NOT_FOUND }, 404);
  },
};
