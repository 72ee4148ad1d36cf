import type { Faker } from '@faker-js/faker';
import { nameContract } from './contract-names.ts';
import type { Contract } from '../tables/contracts.ts';
import type { DeployedContracts } from './draft-tx.ts';
import { ContractKind } from '../tables/kinds.ts';
import type { Principals } from '../tables/principals.ts';
import type { Rng } from '../rng.ts';

/** Creates contracts as they are deployed: their names, principals and asset identifiers. */
export class ContractRegistry {
  readonly contracts: Contract[] = [];
  /** Contracts on chain, by kind, that transactions may call. */
  readonly deployed: DeployedContracts = { ft: [], nft: [], vault: [], plain: [] };
  poxContract = -1;

  constructor(
    private readonly principals: Principals,
    private readonly faker: Faker,
    private readonly rng: Rng,
    private readonly nakamotoHeight: number,
  ) {}

  /** Registers a contract deployed at `height`; pending ones wait in the mempool. */
  deploy(kind: ContractKind, deployer: number, pending: boolean, height: number): number {
    const index = this.contracts.length;
    const boot = kind === ContractKind.Genesis || kind === ContractKind.Pox;
    const named = boot
      ? { name: kind === ContractKind.Pox ? 'pox-4' : 'genesis', token: '' }
      : nameContract(this.faker, kind);
    const deployerName = this.principals.name(deployer);
    let name = named.name;
    for (let n = 2; this.principals.find(`${deployerName}.${name}`) >= 0; n++) name = `${named.name}-v${n}`;
    const token = named.token === named.name ? name : named.token;
    this.register(kind, deployer, name, token, pending, height);
    if (!pending) this.list(kind, index);
    return index;
  }

  /** A pending deployment mined: on chain now, for the activity to use. */
  confirm(index: number): void {
    const contract = this.contracts[index] as Contract;
    this.contracts[index] = { ...contract, pending: false };
    this.list(contract.kind, index);
  }

  /** A mined deployment whose block left the chain while its contract stays registered: pending again. */
  unconfirm(index: number): void {
    this.contracts[index] = { ...(this.contracts[index] as Contract), pending: true };
  }

  /**
   * A contract the chain forgot in a reorg, registered again for its deployment back in the
   * mempool: the same name, token, Clarity version and (a vault's) pair token (the same transaction deploys it),
   * pending. `pair` is the pair's index now, which a reorg may have changed.
   */
  redeployPending(contract: Contract, height: number, pair: number): number {
    return this.register(
      contract.kind,
      contract.deployer,
      contract.name,
      contract.token,
      true,
      height,
      pair,
      // The deployment's bytes name its Clarity version: it comes back with it, whatever its height now.
      contract.clarityVersion,
    );
  }

  /**
   * Registers a contract a user broadcast, pending until a block mines it: its own name, the
   * first token its source defines (its asset identifier's), the Clarity version its payload
   * names. It stays off the lists the background activity picks from.
   */
  deployBroadcast(
    deployer: number,
    name: string,
    token: string,
    version: number | null,
    height: number,
  ): number {
    return this.register(ContractKind.Broadcast, deployer, name, token, true, height, undefined, version);
  }

  /**
   * Registers one of the node's boot contracts besides pox-4 and genesis, mined at `height`: its
   * own name, the Clarity version its deploying transaction names, and no token but BNS's `names`.
   */
  deployBoot(deployer: number, name: string, version: number | null, height: number): number {
    if (name === 'bns')
      return this.register(ContractKind.Bns, deployer, name, 'names', false, height, undefined, version);
    return this.register(ContractKind.Boot, deployer, name, '', false, height, undefined, version);
  }

  /**
   * Registers a contract a world file names: it keeps its given name and stays off the lists the
   * background activity picks from, so only the file's own transactions touch its tokens.
   */
  deployDeclared(
    kind: ContractKind,
    deployer: number,
    name: string,
    token: string,
    decimals?: number,
  ): number {
    const index = this.register(kind, deployer, name, token, false, 1);
    if (decimals !== undefined) this.contracts[index] = { ...(this.contracts[index] as Contract), decimals };
    return index;
  }

  private register(
    kind: ContractKind,
    deployer: number,
    name: string,
    token: string,
    pending: boolean,
    height: number,
    pair?: number,
    version?: number | null,
  ): number {
    const index = this.contracts.length;
    const id = `${this.principals.name(deployer)}.${name}`;
    const principal = this.principals.addContract(id, index);
    const ft = this.deployed.ft;
    this.contracts.push({
      index,
      principal,
      deployer,
      name,
      id,
      kind,
      token,
      assetId: token ? `${id}::${token}` : '',
      pair:
        kind !== ContractKind.Vault ? -1 : (pair ?? (ft[this.deployed.vault.length % ft.length] as number)),
      clarityVersion: version === undefined ? this.clarityVersion(kind, height) : version,
      pending,
    });
    if (kind === ContractKind.Pox) this.poxContract = index;
    return index;
  }

  private list(kind: ContractKind, index: number): void {
    if (kind === ContractKind.Ft) this.deployed.ft.push(index);
    else if (kind === ContractKind.Nft) this.deployed.nft.push(index);
    else if (kind === ContractKind.Vault) this.deployed.vault.push(index);
    else if (kind === ContractKind.Plain) this.deployed.plain.push(index);
  }

  /** Clarity 1 contracts predate versioned deploys (null); Clarity 3 needs Nakamoto. */
  private clarityVersion(kind: ContractKind, height: number): number | null {
    if (kind === ContractKind.Genesis) return null;
    if (kind === ContractKind.Pox) return 2;
    if (height < this.nakamotoHeight / 2) return null;
    if (height < this.nakamotoHeight) return 2;
    return this.rng.chance(0.5) ? 2 : 3;
  }
}
