import { DEPRECATION_TEXTS, type ReleaseProfile } from './profile.ts';

/** v9.0.2 (2026-07-29), the release users run; read from its code and run by the differential. */
export const RELEASE_9_0_2: ReleaseProfile = {
  version: '9.0.2',
  released: '2026-07-29',
  serverVersion: 'stacks-blockchain-api v9.0.2 (master:1164d9ee)',
  statusPoxUnlockHeights: false,
  replacedByTxId: true,
  epoch4Values: true,
  rpcBinaryFrames: true,
  replaceByFee: true,
  addressTransactionCursors: true,
  ...DEPRECATION_TEXTS,
};
