import { isStacksPrincipal } from '../../spec/formats.ts';
import {
  comparePositions,
  txPosition,
  type NftInstance,
  type TxPosition,
} from '../query/principal-activity.ts';
import { listingOf, mapListing, offsetPage } from '../query/paging.ts';
import { nftValueOf } from '../world/derive/nft-values.ts';
import { contractAt } from '../world/tables/chain.ts';
import { confirmedTx } from '../serialize/transaction.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

/**
 * The instances the v3 NFT balances list (the same query), each with the event that gave it to
 * the principal, the latest first as the real service orders its custody rows (block,
 * microblock, transaction, event). Its handler checks the principal and each asset's contract.
 */
export const get_nft_holdings: OperationHandler<'get_nft_holdings', 'limit' | 'offset' | 'tx_metadata'> = {
  defaulted: ['limit', 'offset', 'tx_metadata'],
  answer: ({ queries, query }) => {
    if (!isStacksPrincipal(query.principal)) return badRequest('Invalid or missing principal');
    const assets = query.asset_identifiers;
    if (assets?.some((id) => !isStacksPrincipal(id.split('::')[0] as string)))
      return badRequest('Invalid asset identifier');
    const { chain } = queries;
    const wanted = assets && assets.length > 0 ? new Set(assets) : undefined;
    const held = queries
      .nftHoldings(query.principal)
      .filter((n) => wanted === undefined || wanted.has(contractAt(chain, n.contract).assetId));
    const positions = new Map(held.map((n) => [n, txPosition(chain, n.tx)]));
    const at = (n: NftInstance): TxPosition => positions.get(n) as TxPosition;
    const latestFirst = (a: NftInstance, b: NftInstance): number =>
      comparePositions(at(b), at(a)) || b.event - a.event;
    const rows = mapListing(listingOf(held.sort(latestFirst)), (n) => {
      const holding = {
        asset_identifier: contractAt(chain, n.contract).assetId,
        value: nftValueOf(chain, n.contract, n.id),
        block_height: chain.txs.height[n.tx] as number,
      };
      return query.tx_metadata
        ? { ...holding, tx: confirmedTx(chain, n.tx, 'none') }
        : { ...holding, tx_id: chain.txs.idHex(n.tx) };
    });
    return ok(offsetPage(rows, query, 'whenShown'));
  },
};
