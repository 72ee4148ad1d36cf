import { hexToBytes } from '@noble/hashes/utils';
import { cvToHex, cvToValue, type ClarityValue } from '@stacks/transactions';
import {
  EngineRefusal,
  type ClarityEngine,
  type ClarityHex,
  type ContractId,
  type ContractInterface,
  type ContractSource,
  type EngineEvent,
  type EngineTx,
  type ReadOnlyAnswer,
  type TxOutcome,
} from './engine.ts';
import { literalOf, valueOfHex } from './literal.ts';
import { definitionOf, topLevelForms } from './top-level-forms.ts';

/** What clarinet-sdk's proxy answers for a transaction. */
interface SdkResult {
  result: ClarityValue;
}
type SdkTx = object;

/**
 * A transaction as the session's own `mineBlock` (the WebAssembly class's, under the proxy)
 * takes it: a call's arguments already serialized.
 */
type WasmTx =
  | { callPublicFn: { contract: string; method: string; args_maps: Uint8Array[]; sender: string } }
  | { deployContract: { name: string; content: string; options: { clarityVersion: number }; sender: string } }
  | { transferSTX: { amount: number; recipient: string; sender: string } };

/**
 * What the session's own `mineBlock` answers for a transaction, before the proxy decodes it: the
 * result in hex, the events and costs as JSON text.
 */
interface WasmResult {
  result: string;
  events: string;
  costs: string;
}

/** The part of clarinet-sdk's `Simnet` (its session proxy) the engine uses. */
export interface Simnet {
  initEmptySession(remote: null): Promise<void>;
  setEpoch(epoch: string): void;
  getDefaultClarityVersionForCurrentEpoch(): string;
  readonly blockHeight: number;
  readonly burnBlockHeight: number;
  mineBlock(txs: SdkTx[]): SdkResult[];
  mineEmptyBurnBlock(): number;
  mineEmptyStacksBlock(): number;
  mintSTX(recipient: string, amount: bigint): string;
  callReadOnlyFn(contract: string, fn: string, args: ClarityValue[], sender: string): SdkResult;
  execute(snippet: string): SdkResult;
  executeCommand(command: string): string;
  getDataVar(contract: string, name: string): ClarityValue;
  getMapEntry(contract: string, map: string, key: ClarityValue): ClarityValue;
  getContractSource(contract: string): string | undefined;
  getContractsInterfaces(): Map<string, ContractInterface>;
  txBuilders: {
    callPublicFn(contract: string, fn: string, args: ClarityValue[], sender: string): SdkTx;
    deployContract(name: string, source: string, options: { clarityVersion: number }, sender: string): SdkTx;
    transferSTX(amount: number, recipient: string, sender: string): SdkTx;
  };
}

/** The epoch the mock's chains are in (Nakamoto, Clarity 4 by default). */
const EPOCH = '3.3';
const BOOT_ADDRESS = 'SP000000000000000000002Q6VF78';
/** The most micro-STX the session mints to an account. */
const U64_MAX = 2n ** 64n - 1n;
/** `none`, serialized. */
const NONE = '0x09';
/** `true`, serialized: a deployment's result. */
const TRUE = '0x03';
/** The type byte of an `(err …)`, serialized. */
const ERR_PREFIX = '0x08';

/** The engine over a session, with what it keeps beside the session: each deployed contract's source. */
export interface SimnetEngine extends ClarityEngine {
  /** The contracts deployed so far, as `source()` answers them (a session image holds the rest). */
  readonly published: ReadonlyMap<ContractId, ContractSource>;
}

/**
 * The engine over one clarinet-sdk session. The session mines a block per call it runs; this
 * keeps the session's heights as the engine's own and groups a block's transactions into one
 * `mineBlock`. `restored`: the session is another engine's, restored from its image with the
 * sources that engine kept (its epoch set already); a new session when omitted.
 */
export function simnetEngine(
  session: Simnet,
  restored?: Iterable<readonly [ContractId, ContractSource]>,
): SimnetEngine {
  if (!restored) session.setEpoch(EPOCH);
  const defaultVersion = Number(session.getDefaultClarityVersionForCurrentEpoch().replace(/\D/g, ''));
  const publishedAt = new Map<ContractId, ContractSource>(restored);

  function toWasm(tx: EngineTx): WasmTx[] {
    switch (tx.kind) {
      case 'deploy':
        return [
          {
            deployContract: {
              name: tx.name,
              content: tx.source,
              options: { clarityVersion: tx.clarityVersion ?? defaultVersion },
              sender: tx.sender,
            },
          },
        ];
      case 'call':
        return [
          {
            callPublicFn: {
              contract: tx.contract,
              method: tx.fn,
              args_maps: tx.args.map((arg) => hexToBytes(arg.slice(2))),
              sender: tx.sender,
            },
          },
        ];
      case 'transfer':
        return transferParts(tx.amount).map((amount) => ({
          transferSTX: { amount, recipient: tx.recipient, sender: tx.sender },
        }));
    }
  }

  function advanceBurn(burnHeight: number | undefined): void {
    while (burnHeight !== undefined && session.burnBlockHeight < burnHeight) session.mineEmptyBurnBlock();
  }

  /** A snippet evaluated with `sender` as its tx-sender; it mines nothing. */
  function evaluate(snippet: string, sender: string): ClarityValue {
    session.executeCommand(`::set_tx_sender ${sender}`);
    return session.execute(snippet).result;
  }

  function atBlock(at: number, expression: string, sender: string): ClarityValue {
    return evaluate(
      `(at-block (unwrap-panic (get-stacks-block-info? id-header-hash u${at})) ${expression})`,
      sender,
    );
  }

  function isPast(at: number | undefined): at is number {
    return at !== undefined && at < session.blockHeight;
  }

  return {
    get tip() {
      return { height: session.blockHeight, burnHeight: session.burnBlockHeight };
    },
    bootAddress: BOOT_ADDRESS,
    published: publishedAt,
    chainId: Number(cvToValue(evaluate('chain-id', BOOT_ADDRESS))),
    mineBlock(txs, burnHeight) {
      advanceBurn(burnHeight);
      const parts = txs.map(toWasm);
      let flat: WasmResult[];
      try {
        flat = withoutSessionPrints(() => mineInSession(session, parts.flat()));
      } catch (error) {
        throw new EngineRefusal(oneLine(error));
      }
      const results = joinedParts(parts, flat);
      const height = session.blockHeight;
      txs.forEach((tx, i) => {
        if (tx.kind === 'deploy' && results[i]?.[0]?.result === TRUE) {
          const version = tx.clarityVersion ?? defaultVersion;
          publishedAt.set(`${tx.sender}.${tx.name}`, {
            source: tx.source,
            publishHeight: height,
            clarityVersion: version,
          });
        }
      });
      return results.map((r) => joinedOutcome(r.map(outcomeOf)));
    },
    advanceTo(height, burnHeight) {
      advanceBurn(burnHeight);
      while (session.blockHeight < height) session.mineEmptyStacksBlock();
    },
    mintStx(recipient, amount) {
      // The session mints a u64 (it would wrap a larger amount): past 2^64 − 1 µSTX, 18 trillion
      // STX, its balance stops there (docs/clarity.md).
      session.mintSTX(recipient, amount < U64_MAX ? amount : U64_MAX);
    },
    callReadOnly(contract, fn, args, sender, at): ReadOnlyAnswer {
      try {
        const values = args.map(valueOfHex);
        if (isPast(at)) {
          const call = `(contract-call? '${contract} ${fn}${values.map((v) => ` ${literalOf(v)}`).join('')})`;
          return { okay: true, result: cvToHex(withoutSessionPrints(() => atBlock(at, call, sender))) };
        }
        const result = withoutSessionPrints(
          () => session.callReadOnlyFn(contract, fn, values, sender).result,
        );
        return { okay: true, result: cvToHex(result) };
      } catch (error) {
        return { okay: false, cause: oneLine(error) };
      }
    },
    dataVar(contract, name) {
      return attempt(() => cvToHex(session.getDataVar(contract, name)));
    },
    mapEntry(contract, map, key) {
      if (
        !session
          .getContractsInterfaces()
          .get(contract)
          ?.maps.some((m) => m.name === map)
      )
        return undefined;
      // The session throws for a key with no entry, which the node reads as none.
      return attempt(() => cvToHex(session.getMapEntry(contract, map, valueOfHex(key)))) ?? NONE;
    },
    constant(contract, name) {
      const source = publishedAt.get(contract)?.source ?? session.getContractSource(contract);
      if (source === undefined) return undefined;
      const definitions = constantDefinitions(source, name);
      if (definitions === undefined) return undefined;
      const deployer = contract.split('.')[0] as string;
      return attempt(() => cvToHex(evaluate(`${definitions}\n${name}`, deployer)));
    },
    contractInterface(contract) {
      return session.getContractsInterfaces().get(contract);
    },
    source(contract) {
      const known = publishedAt.get(contract);
      if (known) return known;
      const source = session.getContractSource(contract);
      return source === undefined ? undefined : { source, publishHeight: 0, clarityVersion: defaultVersion };
    },
    contracts() {
      return [...session.getContractsInterfaces().keys()];
    },
  };
}

/**
 * A transfer's amount as the session takes it: its transfers read the amount as a JavaScript
 * number, exact to 2^53 − 1, so a larger one (a world file's) goes as several transfers of the
 * same parties in the same block, which move the same micro-STX.
 */
function transferParts(amount: bigint): number[] {
  const most = BigInt(Number.MAX_SAFE_INTEGER);
  const parts: number[] = [];
  let left = amount;
  while (left > most) {
    parts.push(Number.MAX_SAFE_INTEGER);
    left -= most;
  }
  parts.push(Number(left));
  return parts;
}

/**
 * The block mined by the session's own `mineBlock`, past the proxy: the proxy decodes every
 * result and event value into Clarity values, which the engine would only encode again (a tenth
 * of a replay's time). The proxy has no prototype trap, so its prototype is the class's.
 */
function mineInSession(session: Simnet, txs: WasmTx[]): WasmResult[] {
  const own = (Object.getPrototypeOf(session) as { mineBlock: (txs: WasmTx[]) => WasmResult[] }).mineBlock;
  return own.call(session, txs);
}

/** The session's results grouped back by the transaction whose parts they are. */
function joinedParts<T>(parts: readonly unknown[][], flat: readonly T[]): T[][] {
  let at = 0;
  return parts.map((p) => flat.slice(at, (at += p.length)));
}

/** One transaction's outcome from its parts': the first's result unless one failed, every event. */
function joinedOutcome(outcomes: readonly TxOutcome[]): TxOutcome {
  const first = outcomes.find((o) => !o.committed) ?? (outcomes[0] as TxOutcome);
  if (outcomes.length === 1) return first;
  return { ...first, events: outcomes.flatMap((o) => o.events) };
}

function outcomeOf(result: WasmResult): TxOutcome {
  const events = (JSON.parse(result.events) as string[]).map((text): EngineEvent => {
    const { event, data } = JSON.parse(text) as { event: string; data: Record<string, unknown> };
    return { type: event, data };
  });
  const total = (JSON.parse(result.costs) as { total: WasmCosts } | null)?.total;
  return {
    result: result.result,
    committed: !result.result.startsWith(ERR_PREFIX),
    events,
    ...(total && {
      costs: [
        total.read_count,
        total.read_length,
        total.runtime,
        total.write_count,
        total.write_length,
      ] as const,
    }),
  };
}

/** A transaction's costs as the session writes them. */
interface WasmCosts {
  read_count: number;
  read_length: number;
  runtime: number;
  write_count: number;
  write_length: number;
}

function attempt(read: () => ClarityHex): ClarityHex | undefined {
  try {
    return withoutSessionPrints(read);
  } catch {
    return undefined;
  }
}

/**
 * The session prints a failing call's or transaction's error on stderr before throwing it. The
 * thrown line is what the engine answers (a `cause`, a refusal, an abort), so the print would only
 * put the engine's voice in the mock's log (`Runtime error while interpreting …`).
 */
function withoutSessionPrints<T>(run: () => T): T {
  const printError = console.error;
  console.error = () => undefined;
  try {
    return run();
  } finally {
    console.error = printError;
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

/**
 * The contract's `define-constant` forms up to and including `name`'s: evaluated in a snippet sent
 * as the deployer, they give the constant's value as the contract computed it (`(define-constant
 * owner tx-sender)` included). Undefined when the contract defines no such constant.
 */
function constantDefinitions(source: string, name: string): string | undefined {
  const forms: string[] = [];
  for (const form of topLevelForms(source)) {
    const defined = definitionOf(form);
    if (defined?.kind !== 'define-constant') continue;
    forms.push(form);
    if (defined.name === name) return forms.join('\n');
  }
  return undefined;
}
