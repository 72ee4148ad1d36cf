/**
 * A release of the real service, as the mock reproduces it: everything a client can see that
 * differs between releases, as data. The layers of the mock receive it; none of them asks which
 * release it is by number. Which operations a release deprecates, and what it names as their
 * replacements, is in the spec (`x-deprecated-since`, `x-replaced-by`, `x-replaced-by-before`,
 * see `operationAsOf`), and so is what it computes an operation's ETag from (`x-etag`'s
 * `before`); a parameter new in a release carries `x-since`.
 */
export interface ReleaseProfile {
  /** The release, `major.minor.patch`. */
  readonly version: string;
  /** The day it was published, `YYYY-MM-DD`: the `Deprecation` date of what it deprecates, when asked for. */
  readonly released: string;
  /** `server_version` of `GET /extended`, as that release writes it. */
  readonly serverVersion: string;
  /** The status carries `pox_v1/2/3_unlock_height` (v8; v9.0.0 dropped them). */
  readonly statusPoxUnlockHeights: boolean;
  /** A pending transaction's result carries `replaced_by_tx_id` (a tx id or null). */
  readonly replacedByTxId: boolean;
  /**
   * Pending transactions of the same fee payer and nonce replace each other: a mined one, else the
   * highest fee, wins; the others turn `dropped_replace_by_fee` and leave the mempool statistics.
   */
  readonly replaceByFee: boolean;
  /**
   * `GET /extended/v2/addresses/{address}/transactions` reads `cursor` and answers `cursor`,
   * `next_cursor` and `prev_cursor` (v9.0.0 added them; v8.11.6 has the offset form only). The
   * spec's `cursor` parameter says the same with `x-since`.
   */
  readonly addressTransactionCursors: boolean;
  /**
   * The release decodes the values epoch 4 brought (v9.0.0): `post_condition_mode: originator`,
   * `staking` and `pox` post-conditions, `maybe_sent`, `tx_status: problematic_skipped`, the
   * `extended_*` tenure-change causes. One that does not cannot import a chain holding them (its
   * event import fails on such a block), so the mock refuses a world file that declares one.
   */
  readonly epoch4Values: boolean;
  /**
   * The live updates' JSON-RPC channel reads a binary frame as UTF-8 text (v9, whose websocket
   * library hands every frame over as bytes); before, it refused one with a parse error
   * (`unexpected data type: Buffer`). docs/live-updates.md.
   */
  readonly rpcBinaryFrames: boolean;
  /** The whole `Warning` header value on a deprecated operation's answers. */
  readonly warning: string;
  /** What follows `This endpoint has been disabled. ` in the 410 a sunset release answers. */
  readonly goneNote: string;
}

/** The note both releases give every deprecated route (their `defaultDeprecatedMessage`). */
const DOCS_NOTE = 'See https://docs.hiro.so/stacks/api for more information';

/** Shared by the releases that have it; a profile spreads it and states what it changes. */
export const DEPRECATION_TEXTS = {
  warning: `299 - "Deprecated: ${DOCS_NOTE}"`,
  goneNote: DOCS_NOTE,
} as const;
