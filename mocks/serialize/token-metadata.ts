import type { components } from '../../spec/types.ts';
import type { TokenFacts } from '../query/explorer.ts';
import type { Chain } from '../world/tables/chain.ts';
import { decimalsOf } from '../world/tables/contracts.ts';

type FtMetadata = components['schemas']['FtMetadata'];

/**
 * A fungible token's metadata as the token metadata service answers it from the contract's own
 * read-only functions (mocks/world/derive/contract-source.ts writes them): its name, the token's
 * name upper-cased for the symbol, its decimals, the supply at the tip. Its token URI is `none`, so
 * no URI, image or metadata document.
 */
export function serializeFtMetadata(chain: Chain, token: TokenFacts): FtMetadata {
  const { contract } = token;
  return {
    name: contract.name,
    symbol: contract.token.toUpperCase(),
    decimals: decimalsOf(contract),
    total_supply: String(token.supply),
    tx_id: chain.txs.idHex(token.deployTx),
    sender_address: contract.id.split('.')[0] as string,
    asset_identifier: contract.assetId,
  };
}
