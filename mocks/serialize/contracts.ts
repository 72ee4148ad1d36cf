import type { Chain } from '../world/tables/chain.ts';
import { eventsOf } from '../world/derive/events.ts';
import type { ContractLog, DeployedContract } from '../query/contracts.ts';
import { transactionEvent } from './events.ts';
import type { SmartContract, SmartContractLogEvent } from './types.ts';

/**
 * A mined contract as the extended contract route answers it: `source`, the source it serves
 * (a boot contract's is the engine's); `abi`, its interface as JSON text, or null.
 */
export function serializeSmartContract(
  chain: Chain,
  deployed: DeployedContract,
  source: string,
  abi: string | null,
): SmartContract {
  const { contract, tx, height } = deployed;
  return {
    tx_id: chain.txs.idHex(tx),
    canonical: true,
    contract_id: contract.id,
    block_height: height,
    clarity_version: contract.clarityVersion,
    source_code: source,
    abi,
  };
}

/** One of a contract's logs, as the transaction's events show it. */
export function contractLogEvent(chain: Chain, log: ContractLog): SmartContractLogEvent {
  const event = eventsOf(chain, log.tx)[log.eventIndex];
  if (!event) throw new RangeError(`transaction row ${log.tx} has no event ${log.eventIndex}`);
  return transactionEvent(chain, log.tx, event, log.eventIndex) as SmartContractLogEvent;
}
