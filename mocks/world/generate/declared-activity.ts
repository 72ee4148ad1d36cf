import { addAmounts, type Amount } from '../amount.ts';
import type { InitialMint } from '../tables/chain.ts';
import type { VestingEntry } from '../tables/vesting.ts';
import type { ContractRegistry } from './contract-registry.ts';
import { problemAt, type DeclaredTx, type DeclaredWorld } from '../declared/plan.ts';
import { bare, type TxIntent } from './draft-tx.ts';
import { Action, ContractKind, Status } from '../tables/kinds.ts';
import type { Ledger } from './ledger.ts';
import type { Principals } from '../tables/principals.ts';

const ACTIONS: Record<DeclaredTx['type'], Action> = {
  stx_transfer: Action.StxTransfer,
  ft_transfer: Action.FtTransfer,
  nft_transfer: Action.NftTransfer,
  stack_stx: Action.StackStx,
  contract_call: Action.ClarityCall,
};

/**
 * A world file's accounts, tokens and transactions, handed to the chain builder at the heights
 * they belong to. The builder keeps generating the seeded background around them; only what the
 * file declares touches the file's principals. Transactions the running ledger cannot cover are
 * left out and reported in `problems`, so the builder can refuse the whole world.
 */
export class DeclaredActivity {
  readonly problems: string[] = [];
  readonly mints = new Map<number, InitialMint[]>();
  private readonly byHeight = new Map<number, DeclaredTx[]>();
  /** The file's contract calls by height: they end their block, after its deployments (declared-contracts.ts). */
  private readonly callsByHeight = new Map<number, DeclaredTx[]>();
  /** Declared names by address, so that messages say `alice` rather than her address. */
  private readonly names: Map<string, string>;

  /** Registers the file's standard principals before the generated accounts take theirs. */
  constructor(
    readonly plan: DeclaredWorld,
    private readonly principals: Principals,
  ) {
    const standard = [
      ...plan.accounts.map((a) => a.address),
      ...plan.tokens.map((t) => t.deployer),
      ...plan.contracts.map((c) => c.deployer),
      ...plan.tokens.flatMap((t) => t.holders.map((h) => h.principal)),
      ...[...plan.transactions, ...plan.mempool].flatMap((t) => [t.sender, t.recipient, t.sponsor]),
    ];
    for (const address of standard)
      if (address && !address.includes('.') && principals.find(address) < 0) principals.addStandard(address);
    this.names = new Map(plan.accounts.map((a) => [a.address, a.name]));
    for (const tx of plan.transactions) {
      const byHeight = tx.type === 'contract_call' ? this.callsByHeight : this.byHeight;
      const list = byHeight.get(tx.height) ?? [];
      list.push(tx);
      byHeight.set(tx.height, list);
    }
  }

  /** The declared accounts as principals, in file order. */
  accounts(): number[] {
    return this.plan.accounts.map((a) => this.principals.find(a.address));
  }

  genesisFunding(): { recipients: number[]; amounts: Amount[] } {
    const funded = this.plan.accounts.filter((a) => a.stx > 0);
    return {
      recipients: funded.map((a) => this.principals.find(a.address)),
      amounts: funded.map((a) => a.stx),
    };
  }

  vesting(): Map<number, VestingEntry[]> {
    const schedules = new Map<number, VestingEntry[]>();
    for (const a of this.plan.accounts)
      if (a.vesting.length > 0) schedules.set(this.principals.find(a.address), [...a.vesting]);
    return schedules;
  }

  /**
   * Deploys the file's token contracts (fee-free, at height 1), each minting to its holders;
   * `push` appends a deploy transaction.
   */
  deployTokens(registry: ContractRegistry, push: (tx: TxIntent) => void): void {
    // Every contract registered first: a token's holders may be any declared contract.
    const contracts = this.plan.tokens.map((token) =>
      registry.deployDeclared(
        token.kind === 'ft' ? ContractKind.Ft : ContractKind.Nft,
        this.principals.find(token.deployer),
        token.name,
        token.token,
        token.decimals,
      ),
    );
    this.plan.tokens.forEach((token, k) => {
      const contract = contracts[k] as number;
      this.mints.set(
        contract,
        token.holders.map((h) => ({ recipient: this.principals.find(h.principal), amount: h.amount })),
      );
      push({ ...bare(Action.Deploy, this.principals.find(token.deployer)), contract });
    });
  }

  at(height: number): readonly DeclaredTx[] {
    return this.byHeight.get(height) ?? [];
  }

  /** The file's contract calls mined at `height`, in file order. */
  callsAt(height: number): readonly DeclaredTx[] {
    return this.callsByHeight.get(height) ?? [];
  }

  /** Declared names by address, for messages. */
  nameOf(address: string): string {
    return this.names.get(address) ?? address;
  }

  /**
   * The cause of the tenure extension the file declares at `height`, or undefined. A block that
   * starts a tenure, or one before Nakamoto, has no room for one: a problem names the entry.
   */
  tenureCauseAt(height: number, nakamoto: boolean, startsTenure: boolean): number | undefined {
    const declared = this.plan.tenureChanges.find((t) => t.height === height);
    if (!declared) return undefined;
    if (!nakamoto) {
      this.problems.push(
        problemAt(declared, `height ${height} is before Nakamoto: tenure changes come later`),
      );
      return undefined;
    }
    if (startsTenure) {
      this.problems.push(
        problemAt(
          declared,
          `height ${height} starts a tenure (its tenure change is block_found): extend it in a later block of the same tenure_height`,
        ),
      );
      return undefined;
    }
    return declared.cause;
  }

  /** The transaction as the builder pushes it, or undefined (and a problem) when it cannot be paid. */
  draft(tx: DeclaredTx, ledger: Ledger, burnHeight: number, poxContract: number): TxIntent | undefined {
    const sender = this.principals.find(tx.sender);
    const sponsor = tx.sponsor ? this.principals.find(tx.sponsor) : -1;
    const contract =
      tx.type === 'stack_stx' ? poxContract : tx.contract ? this.contractIndex(tx.contract) : -1;
    const problem = this.unaffordable(tx, ledger, burnHeight, sender, sponsor, contract);
    if (problem) {
      if (!this.touchesTainted(tx)) this.problems.push(problemAt(tx, problem));
      return undefined;
    }
    return {
      ...bare(ACTIONS[tx.type], sender),
      status: tx.outcome,
      sponsor,
      fee: tx.fee,
      contract,
      peer: tx.recipient ? this.principals.find(tx.recipient) : -1,
      amount: tx.amount,
      aux: tx.type === 'stack_stx' ? tx.cycles : 0,
      pcFlags: tx.pcFlags,
    };
  }

  /** Whether a broken entry of the file would have credited the transaction's payer (DeclaredWorld's `tainted`). */
  private touchesTainted(tx: DeclaredTx): boolean {
    const tainted = this.plan.tainted ?? [];
    return [tx.sender, tx.sponsor].some((p) => p !== '' && tainted.includes(p));
  }

  private contractIndex(contractId: string): number {
    const principal = this.principals.find(contractId);
    return this.principals.contractOf[principal] ?? -1;
  }

  private unaffordable(
    tx: DeclaredTx,
    ledger: Ledger,
    burnHeight: number,
    sender: number,
    sponsor: number,
    contract: number,
  ): string | undefined {
    const name = (p: string): string => this.names.get(p) ?? p;
    const when = tx.height > 0 ? `at height ${tx.height}` : 'in the mempool';
    const spendable = (p: number): Amount => ledger.spendable(p, burnHeight);
    // A transaction mined failed or skipped moves nothing: only its fee is paid.
    const executed = tx.outcome === Status.Success;
    const moves = executed && (tx.type === 'stx_transfer' || tx.type === 'stack_stx') ? tx.amount : 0;
    if (sponsor >= 0 && spendable(sponsor) < tx.fee)
      return `sponsor ${name(tx.sponsor)} cannot pay the fee ${tx.fee} µSTX ${when}: it has ${spendable(sponsor)} µSTX to spend`;
    const need = addAmounts(moves, sponsor >= 0 ? 0 : tx.fee);
    if (spendable(sender) < need)
      return `${name(tx.sender)} cannot pay ${moves > 0 ? `${moves} + fee ` : 'the fee '}${tx.fee} µSTX ${when}: it has ${spendable(sender)} µSTX to spend`;
    if (!executed) return undefined;
    if (tx.type === 'ft_transfer' && ledger.ftOf(contract, sender) < tx.amount)
      return `${name(tx.sender)} holds ${ledger.ftOf(contract, sender)} of ${tx.contract}, not the ${tx.amount} it sends ${when}`;
    if (tx.type === 'nft_transfer' && ledger.nftOwner(contract, Number(tx.amount)) !== sender)
      return `${name(tx.sender)} does not own NFT id ${tx.amount} of ${tx.contract} ${when}`;
    if (tx.type === 'stack_stx' && ledger.isLocked(sender, burnHeight))
      return `${name(tx.sender)} already has STX locked ${when}`;
    return undefined;
  }
}
