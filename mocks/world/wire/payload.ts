import { contractAt, type Chain } from '../tables/chain.ts';
import { sourceOf } from '../derive/contract-source.ts';
import { Action, TENURE_CAUSES, txTypeOf, type TenureCause } from '../tables/kinds.ts';
import { BlockKey } from '../tables/block-table.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { indexBlockHash } from '../derive/block-hashes.ts';
import { contractCallOf } from './contract-call.ts';
import { derivedHex } from '../derive/derived-bytes.ts';
import type { TxPayload } from './shapes.ts';

/** `tx_type` and the one type-specific object of a transaction in `table`. */
export function payloadOf(chain: Chain, table: TxTable, tx: number): TxPayload {
  const action = table.action[tx] as Action;
  switch (txTypeOf(action)) {
    case 'token_transfer':
      return {
        tx_type: 'token_transfer',
        token_transfer: {
          recipient_address: chain.principals.name(table.peer[tx] as number),
          amount: String(table.amount.at(tx)),
          memo: chain.memos[table.aux.at(tx)] as string,
        },
      };
    case 'smart_contract': {
      const contract = contractAt(chain, table.contract[tx] as number);
      return {
        tx_type: 'smart_contract',
        smart_contract: {
          clarity_version: contract.clarityVersion,
          contract_id: contract.id,
          source_code: sourceOf(chain, contract),
        },
      };
    }
    case 'contract_call':
      return { tx_type: 'contract_call', contract_call: contractCallOf(chain, table, tx) };
    case 'poison_microblock':
      // A microblock header: version, sequence, parent hash, merkle root, signature.
      return {
        tx_type: 'poison_microblock',
        poison_microblock: {
          microblock_header_1: derivedHex(table, tx, 10, 132),
          microblock_header_2: derivedHex(table, tx, 11, 132),
        },
      };
    case 'coinbase': {
      const nakamoto = (table.height[tx] as number) >= chain.options.nakamotoHeight;
      // A Stacks 2.x coinbase has no VRF proof: the real service leaves the key out (docs/real-service.md).
      return {
        tx_type: 'coinbase',
        coinbase_payload: {
          data: derivedHex(table, tx, 20, 32),
          alt_recipient: null,
          ...(nakamoto && { vrf_proof: derivedHex(table, tx, 21, 80) }),
        },
      };
    }
    case 'tenure_change':
      return { tx_type: 'tenure_change', tenure_change_payload: tenureChangeOf(chain, table, tx) };
  }
}

/** Consensus hashes are the first 20 bytes of the tenure's burn block hash. */
function consensusHash(chain: Chain, height: number): string {
  return chain.blocks.hex(BlockKey.BurnHash, height - 1, 20);
}

function tenureChangeOf(chain: Chain, table: TxTable, tx: number) {
  const height = table.height[tx] as number;
  // The cause's code (TENURE_CAUSES): 0 starts a tenure, any other extends the one under way.
  const cause = table.amount.at(tx);
  const extended = cause > 0;
  const tenure = consensusHash(chain, height);
  return {
    tenure_consensus_hash: tenure,
    prev_tenure_consensus_hash: extended ? tenure : consensusHash(chain, height - 1),
    burn_view_consensus_hash: tenure,
    previous_tenure_end: indexBlockHash(chain, height - 1),
    previous_tenure_blocks: table.aux.at(tx),
    cause: TENURE_CAUSES[Number(cause)] as TenureCause,
    pubkey_hash: derivedHex(table, tx, 30, 20),
  };
}
