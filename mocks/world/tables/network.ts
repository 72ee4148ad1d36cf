export type NetworkName = 'mainnet' | 'testnet';

export interface NetworkParams {
  readonly name: NetworkName;
  /** c32 version bytes: single-signature (SP/ST) and multi-signature (SM/SN) addresses. */
  readonly singleSigVersion: number;
  readonly multiSigVersion: number;
  /** The boot address that owns pox-4 and the genesis allocations. */
  readonly bootAddress: string;
  /** Bitcoin height of the first burn block (about 2024-01-01 on each network). */
  readonly burnStartHeight: number;
  /** PoX reward cycle length in burn blocks. */
  readonly poxCycleLength: number;
  /** The last burn blocks before a cycle, in which its reward set is fixed. */
  readonly poxPrepareLength: number;
  /**
   * pox-4's `STACKING_THRESHOLD_25`: a `stack-stx` of less than the liquid supply divided by it
   * fails `(err u11)` (`get-stacking-minimum`).
   */
  readonly stackingMinimumDivisor: number;
  /** The share of the liquid supply (in %) that must be stacked for PoX to be active (`/v2/pox`). */
  readonly poxActivationPct: number;
  /** Shown in the status response; the real service reports these forced-unlock heights. */
  readonly poxUnlockHeights: readonly [number, number, number];
}

/**
 * The boot addresses, version byte and twenty zero bytes in c32check (`c32address(22, '00'…)`,
 * network.test.ts checks them): written out, so c32check is not evaluated with the CLI's start.
 */
export const NETWORKS: Record<NetworkName, NetworkParams> = {
  mainnet: {
    name: 'mainnet',
    singleSigVersion: 22,
    multiSigVersion: 20,
    bootAddress: 'SP000000000000000000002Q6VF78',
    burnStartHeight: 823786,
    poxCycleLength: 2100,
    poxPrepareLength: 100,
    stackingMinimumDivisor: 20000,
    poxActivationPct: 5,
    poxUnlockHeights: [781552, 787652, 840361],
  },
  testnet: {
    name: 'testnet',
    singleSigVersion: 26,
    multiSigVersion: 21,
    bootAddress: 'ST000000000000000000002AMW42H',
    burnStartHeight: 2570120,
    poxCycleLength: 1050,
    poxPrepareLength: 50,
    stackingMinimumDivisor: 8000,
    poxActivationPct: 2,
    poxUnlockHeights: [2422102, 2432545, 2583893],
  },
};
