import type { components } from '../../spec/types.ts';

/** A contract's interface as the node's analysis writes it. */
export type ContractInterfaceRecord = components['schemas']['ContractInterface'];

/** A read-only call: the contract, the function, the caller, the arguments (hex of serialized values). */
export interface ReadOnlyCall {
  readonly contractId: string;
  readonly functionName: string;
  readonly sender: string;
  readonly sponsor: string | undefined;
  /** Each `0x` and the hex of a serialized Clarity value. */
  readonly args: readonly string[];
}

/** What a read-only call returned (the value's hex), or why it failed, in the engine's words. */
export type ReadOnlyOutcome = { okay: true; result: string } | { okay: false; cause: string };

/**
 * What the node's contract routes ask the Clarity engine, each as the chain stood at a block
 * `height`: the engine layer implements it; without it (`@stacks/clarinet-sdk` not installed)
 * the queries hold none and the routes say what to install. Values are `0x` and the hex of
 * their serialization; undefined is "no such contract (at that height) or name".
 */
export interface ClarityReads {
  contractInterface(contractId: string, height: number): ContractInterfaceRecord | undefined;
  callReadOnly(call: ReadOnlyCall, height: number): ReadOnlyOutcome;
  dataVar(contractId: string, name: string, height: number): string | undefined;
  /** The map's entry under the key as an optional (`none` when absent, or no such map or contract). */
  mapEntry(contractId: string, map: string, key: string, height: number): string;
  constant(contractId: string, name: string, height: number): string | undefined;
  /** Whether the contract implements the trait; undefined when either contract or the trait is unknown. */
  implementsTrait(
    contractId: string,
    traitContractId: string,
    traitName: string,
    height: number,
  ): boolean | undefined;
}
