/** A stacks-node's refusal of a transaction: the body of its 400, `reason` as the node names it. */
export class NodeRejection extends Error {
  constructor(
    readonly reason: string,
    readonly reasonData: Record<string, unknown> | undefined,
    /** 64 hex digits, no `0x`, as the node writes it. */
    readonly txid: string,
  ) {
    super(`transaction rejected: ${reason}`);
  }

  /** `{"txid", "error": "transaction rejected", "reason", "reason_data"?}`, in the node's order. */
  body(): Record<string, unknown> {
    return {
      txid: this.txid,
      error: 'transaction rejected',
      reason: this.reason,
      ...(this.reasonData && { reason_data: this.reasonData }),
    };
  }
}

/** Bytes that are not a transaction: the node answers 400 with this text, not a JSON rejection. */
export class Undecodable extends Error {}
