import { Cl } from '@stacks/transactions';
import { pairOf } from '../derive/clarity.ts';
import type { ClarityText } from '../tables/clarity-txs.ts';
import type { DeclaredContract, EntryRef } from './plan.ts';
import type { FileAmount, FileContract, FileTx } from './world-file.ts';

type Path = (string | number)[];

/** What compiling the file's own contracts and calls needs of the compiler (compile.ts). */
export interface ContractScope {
  /** A name or address to a standard principal; '' after reporting a problem (or when a broken entry declares it). */
  principal(text: string, path: Path): string;
  problem(path: Path, message: string): void;
  ref(path: Path): EntryRef;
  /** A fee: exact to 2^53 - 1, as the world's fees are (a problem past it). */
  fee(value: FileAmount, path: Path): number;
  /** Leaves the entry out without a problem of its own (another entry's is the one to fix). */
  skip(path: Path): void;
  /** The chain tip's height. */
  blocks(): number;
  /** Declared account names to their addresses. */
  readonly names: ReadonlyMap<string, string>;
}

/**
 * The file's own contracts (`contracts`) and the calls to them (`contract_call`), as the compiler
 * (compile.ts) checks them.
 */
export class OwnContracts {
  private readonly contracts = new Map<string, DeclaredContract>();
  /** Contracts a broken entry declares: a call to one has no problem of its own. */
  private readonly unresolved = new Set<string>();

  constructor(private readonly scope: ContractScope) {}

  /** The `contracts` entries that check, in file order; `taken`: the token contracts' ids. */
  declare(
    entries: readonly [FileContract, number][],
    broken: (path: Path) => boolean,
    taken: Iterable<string>,
  ): DeclaredContract[] {
    const known = new Set(taken);
    for (const [c, i] of entries) {
      const path = ['contracts', i];
      const contract = broken(path) ? undefined : declaredContract(c, path, this.scope, known);
      if (contract) {
        this.contracts.set(contract.contractId, contract);
        known.add(contract.contractId);
      } else this.unresolved.add(String(c?.contract));
    }
    return [...this.contracts.values()];
  }

  /** A `contract_call` entry's contract id and arguments ('' and none after a problem). */
  call(t: FileTx, path: Path): { contract: string; args: ClarityText[] } {
    if (path[0] === 'mempool')
      this.scope.problem(
        [...path, 'type'],
        'a contract_call runs in the Clarity engine as the world is built: give it a height under transactions (or broadcast it to the running mock)',
      );
    else if (this.unresolved.has(String(t.contract))) this.scope.skip(path);
    else return contractCall(t, path, this.scope, this.contracts);
    return { contract: '', args: [] };
  }
}

/** A `contracts` entry, checked: its deployer resolved, its height on the chain. Undefined after a problem. */
function declaredContract(
  c: FileContract,
  path: Path,
  scope: ContractScope,
  known: ReadonlySet<string>,
): DeclaredContract | undefined {
  const dot = c.contract.indexOf('.');
  const name = c.contract.slice(dot + 1);
  const deployer = scope.principal(c.contract.slice(0, dot), [...path, 'contract']);
  if (!deployer) return undefined;
  const contractId = `${deployer}.${name}`;
  if (known.has(contractId)) {
    scope.problem([...path, 'contract'], `${contractId} is declared twice`);
    return undefined;
  }
  if (c.height > scope.blocks()) {
    scope.problem(
      [...path, 'height'],
      `height ${c.height} is past the chain tip at ${scope.blocks()} (raise blocks: in the file or --blocks)`,
    );
    return undefined;
  }
  return {
    ...scope.ref(path),
    contractId,
    deployer,
    name,
    source: c.source,
    height: c.height,
    fee: scope.fee(c.fee ?? 0, [...path, 'fee']),
    clarityVersion: c.clarity_version ?? null,
  };
}

/** Keys that say what a transaction does, which a contract call's engine run decides instead. */
const NOT_FOR_CALLS = [
  'recipient',
  'amount',
  'asset',
  'value',
  'cycles',
  'status',
  'post_condition_mode',
  'post_conditions',
] as const;

/**
 * A `contract_call`'s contract (declared under `contracts`, deployed at or below its height) and
 * arguments (Clarity literals), or '' and no arguments after reporting its problems. Whether the
 * function exists and takes them is the engine's to say, when the world is built.
 */
function contractCall(
  t: FileTx,
  path: Path,
  scope: ContractScope,
  contracts: ReadonlyMap<string, DeclaredContract>,
): { contract: string; args: ClarityText[] } {
  for (const key of NOT_FOR_CALLS)
    if (t[key] !== undefined)
      scope.problem(
        [...path, key],
        `${key} does not apply to a contract_call: what it does is what its contract's code does`,
      );
  const text = t.contract ?? '';
  const dot = text.indexOf('.');
  const deployer = dot > 0 ? scope.principal(text.slice(0, dot), [...path, 'contract']) : '';
  const id = `${deployer}.${text.slice(dot + 1)}`;
  const declared = contracts.get(id);
  let contract = '';
  if (dot <= 0)
    scope.problem([...path, 'contract'], `${JSON.stringify(text)} is not a contract id (<deployer>.<name>)`);
  else if (deployer && !declared)
    scope.problem(
      [...path, 'contract'],
      `unknown contract ${text}: a contract_call calls a contract the file declares under contracts`,
    );
  else if (declared && declared.height > (t.height ?? 0))
    scope.problem(
      [...path, 'height'],
      `${text} is deployed at height ${declared.height}, after this call at height ${t.height ?? 0}`,
    );
  else contract = id;
  const args = (t.args ?? []).map((literal, i) => {
    try {
      return pairOf(Cl.parse(withAddresses(literal, scope.names)));
    } catch {
      scope.problem(
        [...path, 'args', i],
        `${JSON.stringify(literal)} is not a Clarity literal (u5, -3, true, "text", 0x0102, 'SP… or 'name, (some u1), (list u1 u2), {key: u1})`,
      );
      return undefined;
    }
  });
  return args.every((a) => a !== undefined) ? { contract, args } : { contract: '', args: [] };
}

/**
 * The literal with each principal written `'name` (or `'name.contract`) for a declared account
 * given its address; string literals are left as they are.
 */
function withAddresses(literal: string, names: ReadonlyMap<string, string>): string {
  return literal.replace(
    /"(?:[^"\\]|\\.)*"|'([A-Za-z_][A-Za-z0-9_-]*)/g,
    (match, name: string | undefined) => {
      const address = name === undefined ? undefined : names.get(name);
      return address === undefined ? match : `'${address}`;
    },
  );
}
