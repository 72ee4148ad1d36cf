import { Cl, makeContractCall, PostConditionMode, type StacksTransactionWire } from '@stacks/transactions';

type Network = Parameters<typeof makeContractCall>[0]['network'];

/**
 * A wallet's call of `deposit(amount)` on a vault contract of the world (`address.name`), signed
 * with `senderKey`; the nonce and fee are asked of the network unless given.
 */
export function vaultDeposit(
  vault: string,
  amount: number,
  senderKey: string,
  network: Network,
  opts: { nonce?: number; fee?: number } = {},
): Promise<StacksTransactionWire> {
  const [contractAddress, contractName] = vault.split('.') as [string, string];
  return makeContractCall({
    contractAddress,
    contractName,
    functionName: 'deposit',
    functionArgs: [Cl.uint(amount)],
    senderKey,
    network,
    postConditionMode: PostConditionMode.Allow,
    ...opts,
  });
}

/** What a mined deposit answers with: a successful call of the vault, the STX moved into it and the vault's log. */
export function minedDeposit(vault: string, sender: string, amount: number): Record<string, unknown> {
  return {
    tx_status: 'success',
    tx_type: 'contract_call',
    sender_address: sender,
    contract_call: { contract_id: vault, function_name: 'deposit' },
    events: [
      {
        event_type: 'stx_asset',
        asset: { asset_event_type: 'transfer', sender, recipient: vault, amount: String(amount) },
      },
      { event_type: 'smart_contract_log' },
    ],
  };
}
