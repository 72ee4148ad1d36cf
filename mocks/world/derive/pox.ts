/** Burn height at which STX locked at `burnHeight` for `lockPeriod` reward cycles unlock. */
export function unlockBurnHeight(burnHeight: number, lockPeriod: number, cycleLength: number): number {
  const cycleStart = burnHeight - (burnHeight % cycleLength);
  return cycleStart + (lockPeriod + 1) * cycleLength;
}

/** A lock holds while the burn chain has not passed its unlock height (the real service uses >=). */
export function lockActive(unlockHeight: number, burnHeight: number): boolean {
  return unlockHeight >= burnHeight;
}
