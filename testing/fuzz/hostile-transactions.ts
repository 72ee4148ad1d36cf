import fc from 'fast-check';
import { Cl, makeContractCall, makeContractDeploy, type StacksTransactionWire } from '@stacks/transactions';
import type { StacksNetwork } from '@stacks/network';
import { hostileCall, type HostileCall } from './hostile-calls.ts';
import { hostileDeploy, type HostileDeploy } from './hostile-contracts.ts';

/** A hostile deployment or a call to one of the fixtures (`FIXTURES`). */
export type Hostile = { what: 'deploy'; case: HostileDeploy } | { what: 'call'; case: HostileCall };

/** A case as a failure prints it: its label and the start of its source, not 100 kB of literal. */
function shown(h: Hostile): Hostile {
  const text =
    h.what === 'deploy' ? `deploy (${h.case.label}): ${h.case.source.slice(0, 400)}` : `call ${h.case.label}`;
  return Object.assign(h, { [fc.toStringMethod]: () => text });
}

export const hostileCase: fc.Arbitrary<Hostile> = fc.oneof(
  hostileDeploy.map((c) => shown({ what: 'deploy', case: c })),
  hostileCall.map((c) => shown({ what: 'call', case: c })),
);

/** Who signs a hostile transaction, and where the fixtures are. */
export interface Signer {
  readonly key: string;
  readonly nonce: number;
  readonly network: StacksNetwork;
  /** The address that deployed the fixtures. */
  readonly fixtures: string;
  /** A deployment's contract name. */
  readonly name: string;
}

/** The case signed: the relay fee is a micro-STX a byte, so a large one pays for its length. */
export function signHostile(h: Hostile, s: Signer): Promise<StacksTransactionWire> {
  const { key: senderKey, nonce, network } = s;
  if (h.what === 'deploy') {
    const codeBody = h.case.source;
    return makeContractDeploy({
      contractName: s.name,
      codeBody,
      senderKey,
      network,
      nonce,
      fee: 200_000 + 2 * codeBody.length,
    });
  }
  const { contract, fn, args } = h.case;
  return makeContractCall({
    contractAddress: s.fixtures,
    contractName: contract,
    functionName: fn,
    functionArgs: [...args],
    senderKey,
    network,
    nonce,
    fee: 10_000 + 2 * args.reduce((n, a) => n + Cl.serialize(a).length, 0),
  });
}
