import { Cl, cvToHex } from '@stacks/transactions';
import type { ContractId, EngineTx, TxOutcome } from '../../clarity/engine.ts';
import { step, type EngineFacts, type EngineSteps } from '../../clarity/engine-steps.ts';
import type { HostedEngine, Signed } from '../../clarity/engine-wire.ts';
import { reprOf } from '../../../spec/clarity-repr.ts';
import { argumentValues } from '../derive/call-arguments.ts';
import { tuple, uint } from '../derive/clarity.ts';
import { lockUnlockHeight } from '../derive/events.ts';
import { rememberSignerKey, signerKeyOf } from '../derive/pox.ts';
import { grantData, hasSignature, rememberSignature, type SignerGrant } from '../derive/signer-signature.ts';
import { stackStxGrant, type PoxFrame } from '../derive/stack-stx.ts';
import { contractAt, type Chain } from '../tables/chain.ts';
import { Action, Status } from '../tables/kinds.ts';

/** pox-4 in the engine, and the frame the world's stacking runs in there. */
export interface EnginePox extends PoxFrame {
  readonly contract: ContractId;
}

/**
 * Sets the engine's pox-4 to the world's reward cycles (mining one block): its cycle and
 * prepare lengths, counted from burn height 0, as the world counts them. The simnet leaves pox-4
 * unconfigured (testnet's 1,050 and 50), and `set-burnchain-parameters` takes one call before it
 * is configured. The engine's burn heights are the world's less `burnOrigin`, a whole number of
 * cycles: a burn height is as far into its cycle in both, so a lock ends at the same place, and
 * the engine's cycle is the world's less `burnOrigin / cycle length`. It is the largest such
 * origin that keeps the world's first burn block at or above the engine's: the engine mines at
 * most a cycle of empty burn blocks before the world's first.
 */
export function* configurePox(engine: EngineFacts, chain: Chain): EngineSteps<EnginePox> {
  // The world's own pox-4: the simnet holds the boot contracts at testnet's boot address too.
  const contract = contractAt(chain, chain.poxContract).id;
  const { poxCycleLength: length, poxPrepareLength: prepare } = chain.net;
  const args = [0, prepare, length, 0].map((n) => cvToHex(Cl.uint(n)));
  const [set] = yield* step('mineBlock', [
    { kind: 'call', sender: engine.bootAddress, contract, fn: 'set-burnchain-parameters', args },
  ]);
  if (!set?.committed)
    throw new Error(`pox-4 in the Clarity engine refused its burnchain parameters: ${set?.result}`);
  const first = chain.blocks.burnHeight[0] as number;
  const burnOrigin = Math.floor((first - engine.tip.burnHeight) / length) * length;
  return { contract, burnOrigin, chainId: engine.chainId };
}

/**
 * The signer signatures and keys of the world's stack-stx calls in the engine's frame, made on
 * the engine's thread while the mock's goes on, and remembered: the replay then uses the curve
 * for nothing on the mock's thread, where its first use (a signature, a public key) would hold
 * the thread for about 100 ms (the curve's table, built in one piece).
 */
export async function signOnEngineThread(engine: HostedEngine, chain: Chain, pox: EnginePox): Promise<void> {
  const t = chain.txs;
  let wanted: { privateKey: string; grant: SignerGrant }[] = [];
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    if (t.action[tx] === Action.StackStx && t.status[tx] === Status.Success) {
      const signer = stackStxGrant(chain, t, tx, pox);
      if (!hasSignature(signer.privateKey, signer.grant)) wanted.push(signer);
    }
    // A run at a time: what is built for each signature holds the mock's thread too.
    if (wanted.length === SIGNED_AT_ONCE || (tx === chain.anchoredCount - 1 && wanted.length > 0)) {
      await signAndRemember(engine, wanted);
      wanted = [];
    }
  }
}

/**
 * Signatures asked of the engine's thread in one call: the default world's 30 in one crossing
 * (each crossing costs the engine's thread a wait for the mock's, milliseconds on a loaded
 * machine), while what a larger world builds for them goes in pieces of a few milliseconds.
 */
const SIGNED_AT_ONCE = 32;

async function signAndRemember(
  engine: HostedEngine,
  wanted: readonly { privateKey: string; grant: SignerGrant }[],
): Promise<void> {
  const signed = await engine.signLater(
    wanted.map(({ privateKey, grant }) => {
      const { message, domain } = grantData(grant);
      return { privateKey, messageHex: cvToHex(message), domainHex: cvToHex(domain) };
    }),
  );
  wanted.forEach(({ privateKey, grant }, i) => {
    const { signature, publicKey } = signed[i] as Signed;
    rememberSignature(privateKey, grant, signature);
    rememberSignerKey(privateKey, publicKey);
  });
}

/** Stack-stx transaction `tx` as the engine runs it: the world's call, in the engine's frame. */
export function stackStxCall(chain: Chain, tx: number, pox: EnginePox): EngineTx {
  return {
    kind: 'call',
    sender: chain.principals.name(chain.txs.sender[tx] as number),
    contract: pox.contract,
    fn: 'stack-stx',
    args: argumentValues(chain, chain.txs, tx, Action.StackStx, pox).map((value) => value.hex),
  };
}

/**
 * How what pox-4 returned for stack-stx transaction `tx` differs from the lock the world
 * derives (its amount, signer key, stacker and unlock height, the engine's burn height mapped
 * back to the world's): pox-4's answer is what a node locks. Undefined when they agree, or for
 * any other transaction.
 */
export function lockDisagreement(
  chain: Chain,
  tx: number,
  outcome: TxOutcome,
  pox: EnginePox,
): string | undefined {
  const t = chain.txs;
  if (t.action[tx] !== Action.StackStx) return undefined;
  const derived = Cl.ok(
    tuple({
      'lock-amount': uint(t.amount.at(tx)),
      'signer-key': Cl.bufferFromHex(signerKeyOf(t, tx).slice(2)),
      stacker: Cl.principal(chain.principals.name(t.sender[tx] as number)),
      'unlock-burn-height': uint(lockUnlockHeight(chain, tx) - pox.burnOrigin),
    }),
  );
  if (cvToHex(derived) === outcome.result) return undefined;
  return `pox-4 returned ${reprOf(Cl.deserialize(outcome.result))} where the world derives ${reprOf(derived)} (engine burn heights: the world's less ${pox.burnOrigin})`;
}
