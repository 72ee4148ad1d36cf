/**
 * Every principal the world knows, standard addresses and contract identifiers alike, by a small
 * integer so the transaction tables can refer to them compactly.
 */
export class Principals {
  readonly names: string[] = [];
  /** Index into the contract table for contract principals, -1 for standard addresses. */
  readonly contractOf: number[] = [];
  private readonly byName = new Map<string, number>();

  get count(): number {
    return this.names.length;
  }

  addStandard(address: string): number {
    return this.add(address, -1);
  }

  addContract(contractId: string, contract: number): number {
    return this.add(contractId, contract);
  }

  /** The principal's index, or -1 when the world has never seen it. */
  find(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  name(principal: number): string {
    const name = this.names[principal];
    if (name === undefined) throw new RangeError(`unknown principal #${principal}`);
    return name;
  }

  isContract(principal: number): boolean {
    return (this.contractOf[principal] ?? -1) >= 0;
  }

  /** Forgets the principals added after the first `count` (a reorg undoes their deployments). */
  truncate(count: number): void {
    for (const name of this.names.splice(count)) this.byName.delete(name);
    this.contractOf.length = count;
  }

  private add(name: string, contract: number): number {
    if (this.byName.has(name)) throw new Error(`duplicate principal ${name}`);
    const index = this.names.length;
    this.names.push(name);
    this.contractOf.push(contract);
    this.byName.set(name, index);
    return index;
  }
}
