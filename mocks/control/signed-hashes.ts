import {
  intoInitialSighashAuth,
  serializeAuthorizationBytes,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { toBareHex } from '../world/hex.ts';
import { txHash } from '../world/wire/node/tx-hash.ts';

/** The serialization's authorization starts after its version byte and 4-byte chain id. */
const AUTH_AT = 5;

/**
 * A decoded transaction's two hashes, as stacks.js's `txid()` and `verifyBegin()` give them, from
 * one serialization: stacks.js serializes the whole transaction for each (a deep clone first for
 * the second), each buffer argument through hex, and hashes it in JavaScript, which took most of
 * a large broadcast's admission (a hostile call carries up to 2 MB). Here the transaction is
 * serialized once and hashed by txHash (Node's own sha512/256).
 */
export class SignedHashes {
  private readonly serialized: Uint8Array;
  /** 64 hex digits, without `0x`: the transaction's id. */
  readonly txid: string;

  constructor(private readonly wire: StacksTransactionWire) {
    this.serialized = wire.serializeBytes();
    this.txid = toBareHex(txHash(this.serialized));
  }

  /**
   * The origin's initial sighash (64 hex digits): the transaction's hash with its authorization
   * cleared (`intoInitialSighashAuth`), which replaces the authorization's bytes and nothing else.
   * Throws what `verifyBegin()` throws for an authorization it cannot clear.
   */
  initialSigHash(): string {
    const { auth } = this.wire;
    const cleared = serializeAuthorizationBytes(intoInitialSighashAuth(auth));
    const rest = this.serialized.subarray(AUTH_AT + serializeAuthorizationBytes(auth).length);
    const bytes = new Uint8Array(AUTH_AT + cleared.length + rest.length);
    bytes.set(this.serialized.subarray(0, AUTH_AT));
    bytes.set(cleared, AUTH_AT);
    bytes.set(rest, AUTH_AT + cleared.length);
    return toBareHex(txHash(bytes));
  }
}
