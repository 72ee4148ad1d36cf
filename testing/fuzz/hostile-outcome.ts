/**
 * What a stacks-node does with a hostile transaction, as the hostile fuzz predicts it:
 * - `problematic`: its static check finds the deployment nested too deep; 200 with the txid, but
 *   never stored, relayed or mined (`Relayer::static_check_problematic_relayed_tx`);
 * - `refused`: its mempool refuses it, 400 with the reason (`StacksChainState::can_include_tx`);
 * - `success`: mined, and the read-only calls named answer their results (Clarity's repr);
 * - `abort`: mined as `abort_by_response`, `(err none)` with the analysis or runtime error in
 *   `vm_error` (`StacksTransactionReceipt::from_analysis_failure`, a runtime error's receipt);
 * - `dropped`: past the block's cost limits, the miner leaves it out and drops it
 *   (`dropped_too_expensive`), its nonce free again;
 * - `either`: near a bound the fuzz cannot place exactly (the runtime's call stack counts native
 *   applications too): success, or the abort named;
 * - `fits-or-dropped`: within a few units of the block's limits, where what else the block
 *   spends decides (on a node, the tenure's other transactions; in the engine, its own block's
 *   few reads): success, or dropped.
 */
export type Outcome =
  | { readonly kind: 'problematic' }
  | { readonly kind: 'refused'; readonly reason: string; readonly message?: RegExp }
  | {
      readonly kind: 'success';
      readonly result?: string;
      readonly reads: readonly ReadCheck[];
      /** A deployment the engine cannot load again: its reads fail (a known difference, docs/clarity.md). */
      readonly unloadable?: boolean;
    }
  | { readonly kind: 'abort'; readonly vmError: RegExp }
  | { readonly kind: 'dropped' }
  | { readonly kind: 'either'; readonly result: string; readonly vmError: RegExp }
  | { readonly kind: 'fits-or-dropped'; readonly result: string };

/** A read-only function of the contract and its answer, as Clarity prints it (`u42`). */
export interface ReadCheck {
  readonly fn: string;
  readonly result: string;
}

/** How far the sender's nonce moves, by what the chain recorded: only a mined transaction (success or abort) takes it. */
export function nonceStep(recorded: string): 0 | 1 {
  return recorded === 'success' || recorded === 'abort_by_response' ? 1 : 0;
}
