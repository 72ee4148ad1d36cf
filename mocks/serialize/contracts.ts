import type { Chain } from '../world/tables/chain.ts';
import { sourceOf } from '../world/derive/contract-source.ts';
import { eventsOf } from '../world/derive/events.ts';
import type { ContractLog, DeployedContract } from '../query/contracts.ts';
import { transactionEvent } from './events.ts';
import type { SmartContract, SmartContractLogEvent } from './types.ts';

/** A mined contract as the extended contract route answers it; `abi`: its interface as JSON text, or null. */
export function serializeSmartContract(
  chain: Chain,
  deployed: DeployedContract,
  abi: string | null,
): SmartContract {
  const { contract, tx, height } = deployed;
  return {
    tx_id: chain.txs.idHex(tx),
    canonical: true,
    contract_id: contract.id,
    block_height: height,
    clarity_version: contract.clarityVersion,
    source_code: sourceOf(chain, contract),
    abi,
  };
}

/** One of a contract's logs, as the transaction's events show it. */
export function contractLogEvent(chain: Chain, log: ContractLog): SmartContractLogEvent {
  const event = eventsOf(chain, log.tx)[log.eventIndex];
  if (!event) throw new RangeError(`transaction row ${log.tx} has no event ${log.eventIndex}`);
  return transactionEvent(chain, log.tx, event, log.eventIndex) as SmartContractLogEvent;
}
