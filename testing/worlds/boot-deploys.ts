import { BOOT_CONTRACTS } from '../../mocks/clarity/boot-copies.ts';
import type { ConfirmedTransaction } from '../../mocks/serialize/types.ts';
import { NETWORKS } from '../../mocks/world/tables/network.ts';

/**
 * Whether `tx` is one of the node's boot deployments the world records beside its own `genesis`
 * and `pox-4`: the node signs each with nonce 0, so they are no account's run of nonces.
 */
export function isNodeBootDeploy(tx: ConfirmedTransaction): boolean {
  if (tx.tx_type !== 'smart_contract') return false;
  if (!Object.values(NETWORKS).some((n) => n.bootAddress === tx.sender_address)) return false;
  const name = tx.smart_contract.contract_id.split('.')[1];
  return name !== 'pox-4' && BOOT_CONTRACTS.some((c) => c.name === name);
}
