import type { components } from '../../spec/types.ts';
import type { NameFacts } from '../query/bns-names.ts';

type BnsNameInfo = components['schemas']['BnsNameInfo'];

/**
 * A name's record in the real service's key order. It leaves out what its record holds null
 * (`grace_period` and `resolver`, which only names imported from Stacks 1.0 have), and `status`
 * is the BNS operation that wrote the record (the op its print named).
 */
export function serializeNameInfo(facts: NameFacts): BnsNameInfo {
  return {
    address: facts.owner,
    blockchain: 'stacks',
    expire_block: facts.expireBlock,
    last_txid: facts.txId,
    status: facts.status,
    zonefile: facts.zonefile,
    zonefile_hash: facts.zonefileHash,
  };
}
