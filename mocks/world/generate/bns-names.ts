import { c32address } from 'c32check';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { Rng } from '../rng.ts';
import { problemAt, type DeclaredName, type EntryRef } from '../declared/plan.ts';
import {
  hash160,
  NAME_PRICE,
  namePreorder,
  nameRegister,
  namespacePreorder,
  namespaceReady,
  namespaceReveal,
  bnsEntry,
} from '../derive/bns-calls.ts';
import { FIRST_NAME_HEIGHT, LAUNCH, NAMESPACES, type NamespaceRules } from '../tables/bns-names.ts';
import type { ClarityTx } from '../tables/clarity-txs.ts';
import type { NetworkParams } from '../tables/network.ts';
import { Action, ContractKind } from '../tables/kinds.ts';
import type { BuildState } from './build-state.ts';
import { bare, type TxIntent } from './draft-tx.ts';

/** What the launcher is funded with at genesis: both namespaces' prices and its fees, in µSTX. */
export const LAUNCHER_FUNDS = 150_000_000_000;
const GENERATED_NAMES = 6;
/** A world file's name pays this fee for each of its two calls, in µSTX: a file's reader can count it. */
export const FILE_NAME_FEE = 3000;
const WORDS = ['aurora', 'ember', 'juniper', 'lumen', 'nova', 'orbit', 'quill', 'sable', 'tundra', 'willow'];

/** The zone file an owner publishes for its name: its Gaia profile's URI. */
export function zonefileOf(name: string, owner: string): string {
  return `$ORIGIN ${name}\n$TTL 3600\n_http._tcp IN URI 10 1 "https://gaia.hiro.so/hub/${owner}/profile.json"\n`;
}

/**
 * The account that launches the world's namespaces (its `namespace-import` principal): an
 * address of its own, derived from nothing but the network, funded at genesis and never part of
 * the background's activity.
 */
export function launcherAddress(net: NetworkParams): string {
  return c32address(
    net.singleSigVersion,
    bytesToHex(sha256(utf8ToBytes('bns namespace launcher')).slice(0, 20)),
  );
}

/** A name the world registers: preordered at `height - 1`, registered at `height`. */
interface PlannedName {
  readonly name: string;
  readonly height: number;
  /** The declared owner, or -1: the seed draws one from the background when it preorders. */
  owner: number;
  readonly zonefile: string;
  /** The file's entry, for a declared name. */
  readonly ref?: EntryRef;
  salt?: Uint8Array;
  preordered?: boolean;
}

/** Puts a BNS call in the block being built, with its `clarityTxs` entry. */
export type PushBnsCall = (tx: TxIntent, entry: ClarityTx) => void;

/**
 * The world's BNS activity, as calls of the boot `bns` contract in its blocks: the launcher
 * launches `btc` and `id` (namespace-preorder, -reveal, -ready at heights 2, 3 and 4), then
 * each name is preordered by its owner (burning its price) and registered a block later with
 * its zone file's hash. The seed's names are drawn by a generator of their own, owned by
 * background accounts that can pay; a world file's are its own. What the contract prints is
 * what the names are read from (query/bns-names.ts), as the real service reads them.
 */
export class BnsRegistrar {
  private readonly rng: Rng;
  private readonly names: PlannedName[];
  private readonly owners = new Set<number>();
  private readonly salts = new Map<string, Uint8Array>();
  private readonly revealedAt = new Map<string, number>();
  private readyBurnHeight = -1;
  private attachments = 0;
  private bns = -1;
  /** Zone files by their hash (hex), as owners publish them beside their registrations. */
  readonly zonefiles: Record<string, string> = {};

  constructor(
    private readonly s: BuildState,
    private readonly launcher: number,
  ) {
    this.rng = new Rng(s.options.seed ^ 0x0b45_0a3e);
    const declared = (s.declared?.plan.names ?? []).map((n) => this.declaredName(n));
    const own = new Set(declared.map((n) => n.name));
    const seeded = this.seededNames().filter((n) => !own.has(n.name));
    this.names = [...seeded, ...declared];
    for (const n of declared) this.owners.add(n.owner);
  }

  /** The ids of the BNS calls come from this generator, so the background stays the seed's. */
  get ids(): Rng {
    return this.rng;
  }

  /** Block h's BNS calls, pushed in order. */
  mine(h: number, push: PushBnsCall): void {
    // The boot block deployed the node's bns first (build-chain.ts's boot contracts).
    if (h === 1) this.bns = this.s.registry.contracts.findIndex((c) => c.kind === ContractKind.Bns);
    if (this.bns < 0) return;
    if (h === LAUNCH.preorder || h === LAUNCH.reveal || h === LAUNCH.ready)
      for (const rules of NAMESPACES) this.launch(h, rules, push);
    if (h === LAUNCH.ready) this.readyBurnHeight = this.s.clock.burnHeight;
    for (const n of this.names) if (n.height - 1 === h) this.preorder(n, push);
    for (const n of this.names) if (n.height === h && n.preordered) this.register(n, push);
  }

  private launch(h: number, rules: NamespaceRules, push: PushBnsCall): void {
    const { namespace } = rules;
    const salt = this.salts.get(namespace) ?? this.salt();
    this.salts.set(namespace, salt);
    const importer = this.s.principals.name(this.launcher);
    const tenure = this.s.clock.tenureHeight;
    const call =
      h === LAUNCH.preorder
        ? namespacePreorder(this.launcher, namespace, salt, tenure)
        : h === LAUNCH.reveal
          ? namespaceReveal(rules, salt, importer)
          : namespaceReady(this.bns, rules, importer, this.revealedAt.get(namespace) ?? tenure, tenure);
    if (h === LAUNCH.reveal) this.revealedAt.set(namespace, tenure);
    push(this.intent(this.launcher), bnsEntry(this.contractId(), call));
  }

  private preorder(n: PlannedName, push: PushBnsCall): void {
    const { clock, ledger } = this.s;
    const fee = n.ref ? FILE_NAME_FEE : this.fee();
    const cost = NAME_PRICE + 2 * fee;
    if (this.readyBurnHeight < 0 || clock.burnHeight <= this.readyBurnHeight) {
      this.problem(
        n,
        `${n.name}: its preorder at height ${n.height - 1} must come after the namespaces' launch at height ${LAUNCH.ready}, in a later tenure (declare it at a greater height)`,
      );
      return;
    }
    if (n.owner < 0) n.owner = this.drawOwner(cost);
    if (n.owner < 0) return;
    const spendable = ledger.spendable(n.owner, clock.burnHeight);
    if (spendable < cost) {
      this.problem(
        n,
        `${n.name}: its owner cannot pay the name's price and fees (${cost} µSTX) at height ${n.height - 1}: it has ${spendable} µSTX to spend`,
      );
      return;
    }
    n.salt = this.salt();
    n.preordered = true;
    const call = namePreorder(n.owner, n.name, n.salt, clock.tenureHeight);
    push(this.intent(n.owner, fee), bnsEntry(this.contractId(), call));
  }

  private register(n: PlannedName, push: PushBnsCall): void {
    const fee = n.ref ? FILE_NAME_FEE : this.fee();
    const spendable = this.s.ledger.spendable(n.owner, this.s.clock.burnHeight);
    // What the owner sent meanwhile may leave nothing for the fee: the preorder then stays unclaimed.
    if (spendable < fee) {
      this.problem(
        n,
        `${n.name}: its owner cannot pay the registration's fee (${fee} µSTX) at height ${n.height}: it has ${spendable} µSTX to spend`,
      );
      return;
    }
    const owner = this.s.principals.name(n.owner);
    const zonefile = n.zonefile || zonefileOf(n.name, owner);
    const call = nameRegister(
      this.bns,
      n.name,
      n.owner,
      owner,
      n.salt as Uint8Array,
      zonefile,
      this.attachments++,
    );
    this.zonefiles[bytesToHex(hash160(utf8ToBytes(zonefile)))] = zonefile;
    push(this.intent(n.owner, fee), bnsEntry(this.contractId(), call));
  }

  /** A background account that owns no name yet and can pay `cost` now; -1 when the draws find none. */
  private drawOwner(cost: number): number {
    const { draft, ledger, clock, declared } = this.s;
    const own = new Set(declared?.accounts() ?? []);
    for (let attempt = 0; attempt < 16; attempt++) {
      const account = this.rng.pick(draft.accounts);
      if (own.has(account) || this.owners.has(account)) continue;
      if (ledger.spendable(account, clock.burnHeight) < cost) continue;
      this.owners.add(account);
      return account;
    }
    return -1;
  }

  private seededNames(): PlannedName[] {
    const blocks = this.s.options.blocks;
    // Below the deepest reorg when the chain is long enough: a reorg never takes a name back.
    const top = blocks > FIRST_NAME_HEIGHT + 120 ? blocks - 110 : blocks;
    if (top < FIRST_NAME_HEIGHT) return [];
    const out: PlannedName[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < GENERATED_NAMES * 2 && out.length < GENERATED_NAMES; i++) {
      const namespace = out.length % 3 === 2 ? 'id' : 'btc';
      const name = `${this.rng.pick(WORDS)}${10 + this.rng.int(90)}.${namespace}`;
      const height = this.rng.range(FIRST_NAME_HEIGHT, top);
      if (taken.has(name)) continue;
      taken.add(name);
      out.push({ name, height, owner: -1, zonefile: '' });
    }
    return out;
  }

  private declaredName(n: DeclaredName): PlannedName {
    return {
      name: n.name,
      height: n.height || FIRST_NAME_HEIGHT,
      owner: this.s.principals.find(n.owner),
      zonefile: n.zonefile,
      ref: n,
    };
  }

  private intent(sender: number, fee = this.fee()): TxIntent {
    return { ...bare(Action.ClarityCall, sender), fee, contract: this.bns };
  }

  private fee(): number {
    return 2000 + this.rng.int(8) * 500;
  }

  private salt(): Uint8Array {
    const salt = new Uint8Array(20);
    this.rng.fill(salt);
    return salt;
  }

  private contractId(): string {
    return this.s.registry.contracts[this.bns]?.id as string;
  }

  /** A declared name's problem, on its line; a seeded name that cannot be registered is left out. */
  private problem(n: PlannedName, message: string): void {
    if (n.ref) this.s.declared?.problems.push(problemAt(n.ref, message));
  }
}
