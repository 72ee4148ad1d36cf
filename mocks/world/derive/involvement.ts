import { contractAt, type Chain } from '../tables/chain.ts';
import { forEachEvent, type EventVisitor } from './events.ts';
import { Action, assetMovement, txTypeOf, type AssetClass } from '../tables/kinds.ts';

/** Every asset class: whom a transaction concerns unless told otherwise. */
const ALL_ASSETS: readonly AssetClass[] = ['stx', 'ft', 'nft'];

/**
 * Calls `visit` for every principal a mined transaction concerns: its sender and sponsor, the
 * recipient of a token transfer, the contract it calls or deploys, and every sender and recipient
 * of its events of the asset classes in `assets` (STX, FT and NFT unless told). A principal may
 * be visited more than once. `onEvent`, when given, is handed each of the transaction's events as
 * well: an index that needs both walks the events once, not twice.
 */
export function forEachInvolved(
  chain: Chain,
  tx: number,
  visit: (principal: number) => void,
  assets: readonly AssetClass[] = ALL_ASSETS,
  onEvent?: EventVisitor,
): void {
  const t = chain.txs;
  visit(t.sender[tx] as number);
  const sponsor = t.sponsor.at(tx);
  if (sponsor >= 0) visit(sponsor);
  const action = t.action[tx] as Action;
  if (action === Action.StxTransfer) visit(t.peer[tx] as number);
  const contract = t.contract[tx] as number;
  const type = txTypeOf(action);
  if (contract >= 0 && (type === 'contract_call' || type === 'smart_contract')) {
    visit(contractAt(chain, contract).principal);
  }
  forEachEvent(chain, tx, (kind, sender, recipient, eventContract, amount, unlockHeight) => {
    onEvent?.(kind, sender, recipient, eventContract, amount, unlockHeight);
    const movement = assetMovement(kind);
    if (!movement || !assets.includes(movement.asset)) return;
    if (sender >= 0) visit(sender);
    if (recipient >= 0) visit(recipient);
  });
}
