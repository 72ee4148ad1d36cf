// The boot contracts' interfaces. A stacks-node answers `GET /v2/contracts/interface` for its
// boot contracts (pox-4, BNS, the costs contracts) from the analysis it stored when it deployed
// them; the simnet deploys them too but keeps no interface of its own contracts (its
// `getContractsInterfaces` lists only what a session deployed). So a session of its own deploys a
// copy of each, from the source the session holds, under a deployer of nobody's, each in the
// epoch and Clarity version the node deployed it in, and the copies' interfaces are the boot
// contracts'. It moves the session through the epochs and leaves the copies there: it runs on a
// session started for it alone (boot-interfaces.ts), never on one that holds a chain.
import type { ContractId, ContractInterface } from './engine.ts';
import type { Simnet } from './simnet-engine.ts';

/** A boot contract of the node, as it deployed it. */
export interface BootContract {
  readonly name: string;
  /** The epoch it was analysed in. */
  readonly epoch: string;
  /** The Clarity version it was analysed in. */
  readonly clarityVersion: number;
  /**
   * The Clarity version its deploying transaction names: a versioned smart-contract payload's,
   * null for a payload without one (the genesis block's, costs-2, costs-3 and costs-4 are
   * analysed in their epoch's version all the same). What the real service shows as the
   * contract's `clarity_version`.
   */
  readonly payloadVersion: number | null;
}

/**
 * The boot contracts in the order the node deploys them (a copy calls the copies before it, as
 * `.pox` or `.costs`), each with the epoch it was deployed in and its Clarity version, as
 * stacks-core's `StacksChainState` genesis and `ClarityBlockConnection::initialize_epoch_*` do.
 * costs-2 was analysed in epoch 2.0 (the transition block's connection is still the parent's
 * epoch, stacks-core's `initialize_epoch_2_05` says so), so its interface says `Epoch20`.
 * `genesis` (a print), `sip-031` (epoch 3.2) and the signers' StackerDB contracts
 * (`signers-0-0`, …) are not in clarinet-sdk 3.21.0's session, so not here.
 */
export const BOOT_CONTRACTS: readonly BootContract[] = [
  { name: 'pox', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'lockup', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'costs', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'cost-voting', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'bns', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'costs-2', epoch: '2.0', clarityVersion: 1, payloadVersion: null },
  { name: 'pox-2', epoch: '2.1', clarityVersion: 2, payloadVersion: 2 },
  { name: 'costs-3', epoch: '2.1', clarityVersion: 2, payloadVersion: null },
  { name: 'pox-3', epoch: '2.4', clarityVersion: 2, payloadVersion: 2 },
  { name: 'pox-4', epoch: '2.5', clarityVersion: 2, payloadVersion: 2 },
  { name: 'signers', epoch: '2.5', clarityVersion: 2, payloadVersion: 2 },
  { name: 'signers-voting', epoch: '2.5', clarityVersion: 2, payloadVersion: 2 },
  { name: 'costs-4', epoch: '3.3', clarityVersion: 4, payloadVersion: null },
];

/** The copies' deployer: the hash160 of nothing anyone holds a key to (a run of 0xb0 bytes). */
const SCRATCH_DEPLOYER = 'SP2RB1C5GP2RB1C5GP2RB1C5GP2RB1C5GP16B2YJ1';

/**
 * Deploys a copy of each boot contract `bootAddress` holds in `session` (a session of its own) and
 * answers their interfaces by the boot contracts' ids. A copy that does not deploy stops it: the
 * engine's package then holds boot contracts this list does not know.
 */
export function bootInterfaces(
  session: Simnet,
  builders: Simnet['txBuilders'],
  bootAddress: string,
): [ContractId, ContractInterface][] {
  const deployed: [ContractId, string][] = [];
  for (const { name, epoch, clarityVersion } of BOOT_CONTRACTS) {
    const source = session.getContractSource(`${bootAddress}.${name}`);
    if (source === undefined) continue;
    session.setEpoch(epoch);
    const [result] = session.mineBlock([
      builders.deployContract(name, source, { clarityVersion }, SCRATCH_DEPLOYER),
    ]);
    if (result?.result.type !== 'true')
      throw new Error(`a copy of the boot contract ${name} did not deploy in epoch ${epoch}`);
    deployed.push([`${bootAddress}.${name}`, `${SCRATCH_DEPLOYER}.${name}`]);
  }
  const interfaces = session.getContractsInterfaces();
  return deployed.map(([boot, copy]) => [boot, interfaces.get(copy) as ContractInterface]);
}
