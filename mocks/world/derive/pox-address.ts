import { bech32 } from 'bech32';
import type { Chain } from '../tables/chain.ts';
import { derivedBytes } from './derived-bytes.ts';

/** Bech32 prefixes of Bitcoin's networks under each Stacks network. */
const SEGWIT_PREFIX = { mainnet: 'bc', testnet: 'tb' } as const;

/**
 * The Bitcoin address a stack-stx transaction names as its `pox-addr`: version 0x04 (pay to a
 * witness public key hash, segwit v0) and the 20 hash bytes its arguments derive, in the segwit
 * form a stacks-node reports it in (bech32, `bc1q…` on mainnet, `tb1q…` on testnet).
 */
export function poxBitcoinAddress(chain: Chain, tx: number): string {
  const bytes = derivedBytes(chain.txs, tx, 1, 20);
  return bech32.encode(SEGWIT_PREFIX[chain.net.name], [0, ...bech32.toWords(bytes)]);
}
