import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { c32address, c32addressDecode } from 'c32check';
import type { Amount } from '../amount.ts';
import { fileAmount, fileFee, movedAmount } from './file-amounts.ts';
import { PcFlag, Status, TENURE_CAUSES } from '../tables/kinds.ts';
import { NETWORKS, type NetworkName, type NetworkParams } from '../tables/network.ts';
import { OwnContracts } from './contract-entries.ts';
import { declareNames } from './name-entries.ts';
import type {
  DeclaredAccount,
  DeclaredTenureChange,
  DeclaredToken,
  DeclaredTx,
  DeclaredWorld,
  EntryRef,
} from './plan.ts';
import { WorldFileError, inFileOrder, problemAt } from './plan.ts';
import { testKeyOf } from './test-keys.ts';
import {
  entryName,
  parseWorldFile,
  type FileAmount,
  type FileContract,
  type FileName,
  type FileTx,
  type ParsedWorldFile,
  type WorldFileData,
} from './world-file.ts';

/** What the file settles about the world besides its declared activity. */
export interface WorldFileSettings {
  network: NetworkName;
  seed: number;
  blocks: number;
}

export interface CompiledWorldFile {
  settings: WorldFileSettings;
  declared: DeclaredWorld;
}

/**
 * A world file's text to the plan the chain builder weaves in. `defaults` are the command line's
 * settings; the file's own `network`, `seed` and `blocks` win. Throws a WorldFileError listing
 * every problem found, schema and references alike, in file order; it carries the plan of the
 * entries without a problem (`partial`), in which the chain builder finds those only a running
 * ledger can see (mocks/world/generate/ledger-problems.ts).
 */
export function compileWorldFile(text: string, defaults: WorldFileSettings): CompiledWorldFile {
  const parsed = parseWorldFile(text);
  if ('unreadable' in parsed) throw new WorldFileError(parsed.unreadable);
  const compiler = new Compiler(parsed, defaults);
  const declared = compiler.compile();
  const problems = [...parsed.problems, ...compiler.problems];
  if (problems.length > 0)
    throw new WorldFileError(inFileOrder(problems), { settings: compiler.settings, declared });
  return { settings: compiler.settings, declared };
}

/** An address made from a name, stable across runs: the same name is the same account. */
export function addressFromName(name: string, net: NetworkParams): string {
  const hash = bytesToHex(sha256(utf8ToBytes(`stacks-mock world account ${name}`)));
  return c32address(net.singleSigVersion, hash.slice(0, 40));
}

type FileToken = NonNullable<WorldFileData['tokens']>[number];

const OUTCOMES: Record<NonNullable<FileTx['status']>, Status> = {
  success: Status.Success,
  abort_by_response: Status.AbortByResponse,
  problematic_skipped: Status.ProblematicSkipped,
};

/** A section's entries with their place in the file; none when the section itself is broken. */
type Section = 'tokens' | 'contracts' | 'transactions' | 'mempool' | 'names';
function entriesOf<T>(file: ParsedWorldFile, section: Section): [T, number][] {
  if (file.broken.has(section)) return [];
  return ((file.data[section] ?? []) as T[]).map((entry, i): [T, number] => [entry, i]);
}

/**
 * Checks every entry the schema passed. An entry with a problem stays out of the plan, and so do
 * the problems that would only follow from it: a name or a contract declared by a broken entry
 * is not "undeclared", and the ledger's problems for payers such an entry would have credited
 * are left out (`tainted`), the entry's own problem being the one to fix.
 */
class Compiler {
  readonly problems: string[] = [];
  readonly settings: WorldFileSettings;
  private readonly net: NetworkParams;
  private readonly names = new Map<string, string>();
  private readonly tokens = new Map<string, DeclaredToken>();
  /** Names and contracts a broken entry declares: references to them are not problems of their own. */
  private readonly unresolved = new Set<string>();
  private readonly tainted = new Set<string>();
  /** The file's broken section keys and entries, and the entries with a problem found here. */
  private readonly failed: Set<string>;
  /** What the sections checked in their own files (contracts, names) ask of the compiler. */
  private readonly scope = {
    principal: (text: string, path: (string | number)[]) => this.principal(text, path, false),
    problem: (path: (string | number)[], message: string) => this.problem(path, message),
    ref: (path: (string | number)[]) => this.ref(path),
    fee: (value: FileAmount, path: (string | number)[]) => fileFee(value, path, this.report),
    skip: (path: (string | number)[]) => this.failed.add(entryName(path.slice(0, 2))),
    blocks: () => this.settings.blocks,
    names: this.names,
  };
  private readonly own = new OwnContracts(this.scope);

  constructor(
    private readonly file: ParsedWorldFile,
    defaults: WorldFileSettings,
  ) {
    const { network, seed, blocks } = file.data;
    const own = <T>(key: string, value: T | undefined): T | undefined =>
      file.broken.has(key) ? undefined : value;
    this.settings = {
      network: own('network', network) ?? defaults.network,
      seed: own('seed', seed) ?? defaults.seed,
      blocks: own('blocks', blocks) ?? defaults.blocks,
    };
    this.net = NETWORKS[this.settings.network];
    this.failed = new Set(file.broken);
  }

  compile(): DeclaredWorld {
    const accounts = this.accounts();
    const files = entriesOf<FileToken>(this.file, 'tokens');
    // Every contract first, so a token may name any declared contract among its holders.
    for (const [t, i] of files) if (this.isBroken(['tokens', i])) this.unresolved.add(String(t?.contract));
    const declared = files
      .filter(([, i]) => !this.isBroken(['tokens', i]))
      .map(([t, i]): [DeclaredToken, FileToken, number] => [this.token(t, ['tokens', i]), t, i]);
    const held = declared.map(([token, t, i]) => this.holders(token, t, ['tokens', i]));
    // A token holding another, failed one fails with it: its mint would credit a contract never deployed.
    const lost = new Set(held.filter((t) => this.failed.has(t.entry)).map((t) => t.contractId));
    const tokens = held.filter((token) => {
      if (token.holders.some((h) => lost.has(h.principal))) this.failed.add(token.entry);
      return !this.failed.has(token.entry);
    });
    const ownEntries = entriesOf<FileContract>(this.file, 'contracts');
    const contracts = this.own.declare(ownEntries, (path) => this.isBroken(path), this.tokens.keys());
    const transactions = this.txs('transactions').map(([tx]) => tx);
    const mempool = this.mempool(this.txs('mempool'));
    return {
      accounts,
      tokens,
      contracts,
      // A stable sort keeps file order within a height.
      transactions: [...transactions].sort((a, b) => a.height - b.height),
      mempool,
      tenureChanges: this.tenureChanges(),
      names: declareNames(entriesOf<FileName>(this.file, 'names'), this.scope),
      background: (this.file.broken.has('background') ? undefined : this.file.data.background) ?? false,
      tainted: [...this.tainted],
    };
  }

  /** At most one a height, on the chain: whether the height is a Nakamoto one, the builder sees. */
  private tenureChanges(): DeclaredTenureChange[] {
    const heights = new Set<number>();
    const changes = this.file.broken.has('tenure_changes') ? [] : (this.file.data.tenure_changes ?? []);
    return changes.flatMap((t, i) => {
      const path = ['tenure_changes', i];
      if (this.failed.has(entryName(path))) return [];
      if (t.height > this.settings.blocks)
        this.problem(
          [...path, 'height'],
          `height ${t.height} is past the chain tip at ${this.settings.blocks} (raise blocks: in the file or --blocks)`,
        );
      if (heights.has(t.height))
        this.problem([...path, 'height'], `a second tenure change at height ${t.height} (one a block)`);
      heights.add(t.height);
      if (this.failed.has(entryName(path))) return [];
      return [{ ...this.ref(path), height: t.height, cause: TENURE_CAUSES.indexOf(t.cause) }];
    });
  }

  /** Whether the entry at `path` is broken (or its whole section); a broken one taints whom it credits. */
  private isBroken(path: (string | number)[]): boolean {
    const entry = entryName(path);
    if (!this.failed.has(entry) && !this.failed.has(String(path[0]))) return false;
    // What the entry would have credited: a payer short of it is the entry's problem, not its own.
    const raw = this.file.data[path[0] as 'transactions'];
    const value = (Array.isArray(raw) ? raw[path[1] as number] : undefined) as unknown;
    const { recipient, holders } = (typeof value === 'object' && value !== null ? value : {}) as {
      recipient?: unknown;
      holders?: unknown;
    };
    const held = typeof holders === 'object' && holders !== null ? Object.keys(holders) : [];
    for (const who of [recipient, ...held])
      if (typeof who === 'string') this.tainted.add(this.names.get(who) ?? who);
    return true;
  }

  /** A section's transactions that compile without a problem, keeping their place in the file. */
  private txs(section: 'transactions' | 'mempool'): [DeclaredTx, number][] {
    const out: [DeclaredTx, number][] = [];
    for (const [t, i] of entriesOf<FileTx>(this.file, section)) {
      if (this.isBroken([section, i])) continue;
      const before = this.problems.length;
      const tx = this.tx(t, [section, i]);
      if (this.problems.length === before && !this.failed.has(tx.entry)) out.push([tx, i]);
      else {
        this.failed.add(tx.entry);
        if (tx.recipient) this.tainted.add(tx.recipient);
      }
    }
    return out;
  }

  /**
   * The mempool's good entries, a replacement pointing to its entry's new place. A replacing
   * entry names an earlier one with the same fee payer.
   */
  private mempool(entries: [DeclaredTx, number][]): DeclaredTx[] {
    const raw = this.file.data.mempool ?? [];
    const placed = new Map<number, number>();
    const out: DeclaredTx[] = [];
    const byIndex = new Map(entries.map(([tx, i]) => [i, tx]));
    for (const [tx, i] of entries) {
      const path = ['mempool', i, 'replaces'];
      const earlier = byIndex.get(tx.replaces);
      if (tx.replaces < 0) placed.set(i, out.push(tx) - 1);
      else if (raw[tx.replaces] === undefined || tx.replaces >= i)
        this.problem(path, `replaces ${tx.replaces}: not an earlier mempool entry`);
      else if (earlier && (earlier.sponsor || earlier.sender) !== (tx.sponsor || tx.sender))
        this.problem(path, `replaces mempool[${tx.replaces}], whose fee payer is another account`);
      else if (placed.has(tx.replaces))
        placed.set(i, out.push({ ...tx, replaces: placed.get(tx.replaces) as number }) - 1);
      else this.failed.add(tx.entry);
    }
    return out;
  }

  private ref(path: (string | number)[]): EntryRef {
    return { entry: entryName(path), line: this.file.lineOf(path) };
  }

  private readonly report = (path: (string | number)[], message: string): void => this.problem(path, message);

  private problem(path: (string | number)[], message: string): void {
    this.problems.push(problemAt(this.ref(path), message));
    this.failed.add(entryName(path.slice(0, 2)));
  }

  private accounts(): DeclaredAccount[] {
    const byAddress = new Map<string, string>();
    const result: DeclaredAccount[] = [];
    const accounts = this.file.broken.has('accounts') ? {} : (this.file.data.accounts ?? {});
    for (const [name, a] of Object.entries(accounts)) {
      const path = ['accounts', name];
      if (this.failed.has(entryName(path))) {
        this.unresolved.add(name);
        continue;
      }
      if (a.test_key && a.address !== undefined) {
        this.problem(
          [...path, 'address'],
          'an account with test_key: true gets the address of its key: leave address out (or drop test_key and fund your own key)',
        );
        this.unresolved.add(name);
        continue;
      }
      const testKey = a.test_key ? testKeyOf(this.settings.seed, name, this.settings.network) : undefined;
      const address = testKey?.address ?? a.address ?? addressFromName(name, this.net);
      if (a.address !== undefined && !this.checkAddress(address, [...path, 'address'])) {
        this.unresolved.add(name);
        continue;
      }
      const other = byAddress.get(address);
      if (other !== undefined) {
        this.problem(path, `duplicate account: ${address} is already accounts.${other}`);
        this.unresolved.add(name);
        continue;
      }
      byAddress.set(address, name);
      this.names.set(name, address);
      result.push({
        ...this.ref(path),
        name,
        address,
        ...(testKey ? { testKey: testKey.key } : {}),
        stx: fileAmount(a.stx ?? 0, [...path, 'stx'], this.report),
        vesting: (a.vesting ?? []).map((v, i) => ({
          blockHeight: v.height,
          amount: fileAmount(v.amount, [...path, 'vesting', i, 'amount'], this.report),
        })),
      });
      if (this.failed.has(entryName(path))) this.tainted.add(address);
    }
    return result;
  }

  /** A standard address of this world's network; reports the problem and answers false otherwise. */
  private checkAddress(address: string, path: (string | number)[]): boolean {
    let version: number;
    try {
      version = c32addressDecode(address)[0];
    } catch (err) {
      const why = /checksum/.test((err as Error).message)
        ? 'its checksum is wrong'
        : 'it is not a Stacks address';
      this.problem(path, `${JSON.stringify(address)}: ${why}`);
      return false;
    }
    if (version !== this.net.singleSigVersion && version !== this.net.multiSigVersion) {
      const other = this.settings.network === 'mainnet' ? 'testnet' : 'mainnet';
      this.problem(path, `${address} is a ${other} address; this world is ${this.settings.network}`);
      return false;
    }
    if (address === this.net.bootAddress) {
      this.problem(path, `${address} is the boot address, which the chain itself uses`);
      return false;
    }
    return true;
  }

  /** A name, an address or a contract id to the principal it means; '' after reporting a problem. */
  private principal(text: string, path: (string | number)[], contractAllowed: boolean): string {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    const dot = text.indexOf('.');
    const section = dot >= 0 ? 'tokens' : 'accounts';
    if (this.unresolved.has(text) || (this.file.broken.has(section) && !/^S[0-9A-Z]{27,40}$/.test(text))) {
      // Declared by a broken entry (or section), whose own problem is the one to fix.
      this.failed.add(entryName(path.slice(0, 2)));
      return '';
    }
    if (dot >= 0) {
      const deployer = this.principal(text.slice(0, dot), path, false);
      if (!deployer) return '';
      const id = `${deployer}.${text.slice(dot + 1)}`;
      if (!contractAllowed) this.problem(path, `${text} is a contract; only a standard principal fits here`);
      else if (!this.tokens.has(id))
        this.problem(path, `unknown contract ${text}: contract principals must be tokens the file declares`);
      else return id;
      return '';
    }
    if (!/^S[0-9A-Z]{27,40}$/.test(text)) {
      this.problem(path, `undeclared name "${text}" (declare it under accounts, or give an address)`);
      return '';
    }
    return this.checkAddress(text, path) ? text : '';
  }

  private token(t: FileToken, path: (string | number)[]): DeclaredToken {
    const dot = t.contract.indexOf('.');
    const name = t.contract.slice(dot + 1);
    const deployer = this.principal(t.contract.slice(0, dot), [...path, 'contract'], false);
    const contractId = `${deployer}.${name}`;
    if (!deployer) this.unresolved.add(t.contract);
    if (deployer && this.tokens.has(contractId))
      this.problem([...path, 'contract'], `${contractId} is declared twice`);
    const token: DeclaredToken = {
      ...this.ref(path),
      contractId,
      deployer,
      name,
      token: t.token ?? name,
      kind: t.kind,
      ...(t.decimals === undefined ? {} : { decimals: t.decimals }),
      holders: [],
    };
    if (t.decimals !== undefined && t.kind !== 'ft')
      this.problem([...path, 'decimals'], 'decimals are an ft’s (SIP-010 get-decimals), not an nft’s');
    if (deployer) this.tokens.set(contractId, token);
    return token;
  }

  private holders(token: DeclaredToken, t: FileToken, path: (string | number)[]): DeclaredToken {
    const holders: { principal: string; amount: Amount }[] = [];
    const ids = new Set<number>();
    for (const [holder, held] of Object.entries(t.holders ?? {})) {
      const at = [...path, 'holders', holder];
      const principal = this.principal(holder, at, true);
      if (!principal) continue;
      if (t.kind === 'ft') {
        if (Array.isArray(held)) this.problem(at, 'an ft holder holds an amount, not a list of ids');
        else holders.push({ principal, amount: fileAmount(held, at, this.report) });
      } else if (!Array.isArray(held)) {
        this.problem(at, 'an nft holder holds a list of uint ids, e.g. [1, 2]');
      } else {
        for (const id of held) {
          if (ids.has(id)) this.problem(at, `NFT id ${id} is given to two holders`);
          ids.add(id);
          holders.push({ principal, amount: id });
        }
      }
    }
    return { ...token, holders };
  }

  private tx(t: FileTx, path: (string | number)[]): DeclaredTx {
    const height = t.height ?? 0;
    if (height > this.settings.blocks)
      this.problem(
        [...path, 'height'],
        `height ${height} is past the chain tip at ${this.settings.blocks} (raise blocks: in the file or --blocks)`,
      );
    const sender = this.principal(t.sender, [...path, 'sender'], false);
    const recipient =
      t.recipient === undefined || t.type === 'stack_stx'
        ? ''
        : this.principal(t.recipient, [...path, 'recipient'], true);
    if (sender && sender === recipient) this.problem(path, 'sender and recipient are the same principal');
    const sponsor = t.sponsor === undefined ? '' : this.principal(t.sponsor, [...path, 'sponsor'], false);
    let contract = '';
    let args: DeclaredTx['args'] = [];
    if (t.type === 'ft_transfer' || t.type === 'nft_transfer') contract = this.asset(t, [...path, 'asset']);
    if (t.type === 'contract_call') ({ contract, args } = this.own.call(t, path));
    return {
      ...this.ref(path),
      type: t.type,
      height,
      sender,
      recipient,
      sponsor,
      contract,
      fn: t.function ?? '',
      args,
      amount: t.type === 'nft_transfer' ? (t.value ?? 0) : movedAmount(t, [...path, 'amount'], this.report),
      fee: fileFee(t.fee, [...path, 'fee'], this.report),
      outcome: OUTCOMES[t.status ?? 'success'],
      cycles: t.cycles ?? 0,
      pcFlags: this.pcFlags(t, path),
      replaces: t.replaces ?? -1,
    };
  }

  /** The file's post-condition mode and v9 post-conditions as flag bits of the transaction table. */
  private pcFlags(t: FileTx, path: (string | number)[]): number {
    const mode = t.post_condition_mode;
    let flags = mode === 'deny' ? PcFlag.Deny : mode === 'originator' ? PcFlag.Originator : 0;
    for (const pc of t.post_conditions ?? []) {
      if (pc === 'maybe_sent' && t.type !== 'nft_transfer')
        this.problem(
          [...path, 'post_conditions'],
          'maybe_sent is an NFT condition: only an nft_transfer has one',
        );
      flags |= pc === 'staking' ? PcFlag.Staking : pc === 'pox' ? PcFlag.Pox : PcFlag.MaybeSent;
    }
    return flags;
  }

  /** `<contract id>::<token>` or a contract id, of a declared token of the transfer's kind. */
  private asset(t: FileTx, path: (string | number)[]): string {
    const [contractText = '', tokenName] = (t.asset ?? '').split('::');
    const id = this.principal(contractText, path, true);
    if (!id) return '';
    const token = this.tokens.get(id) as DeclaredToken;
    if (this.failed.has(token.entry)) this.failed.add(entryName(path.slice(0, 2)));
    const kind = t.type === 'ft_transfer' ? 'ft' : 'nft';
    if (token.kind !== kind) this.problem(path, `${t.type} of ${t.asset}, which is an ${token.kind} token`);
    else if (tokenName !== undefined && tokenName !== token.token)
      this.problem(path, `${contractText} defines the token "${token.token}", not "${tokenName}"`);
    return id;
  }
}
