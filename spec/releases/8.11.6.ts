import { DEPRECATION_TEXTS, type ReleaseProfile } from './profile.ts';

/** v8.11.6, the release the service description was written from. */
export const RELEASE_8_11_6: ReleaseProfile = {
  version: '8.11.6',
  released: '2025-07-30',
  serverVersion: 'stacks-blockchain-api v8.11.6 (v8.11.6:63da771)',
  statusPoxUnlockHeights: true,
  replacedByTxId: false,
  epoch4Values: false,
  rpcBinaryFrames: false,
  replaceByFee: false,
  addressTransactionCursors: false,
  ...DEPRECATION_TEXTS,
};
