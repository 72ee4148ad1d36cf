/** Micro-STX (a decimal string, as the API sends amounts) as STX: `1234500` → `1.2345 STX`. */
export function stx(micro: string): string {
  const value = BigInt(micro);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${(abs / 1_000_000n).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} STX`;
}

/** A long hash or id, shortened for a table cell; the full value stays in the link. */
export function short(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex;
}

export function statusClass(status: string): string {
  if (status === 'success') return 'status-success';
  if (status === 'pending') return 'status-pending';
  return 'status-bad';
}

/**
 * The line a failed request shows. A 429 says where it comes from and what to do: the page's own
 * views spend the quota of a mock started with a rate limit, and nothing else on it says so.
 */
export function failureLine(status: number, message: string, retryAfter: string | null): string {
  if (status !== 429) return `${status}: ${message}`;
  const wait = retryAfter ? ` The quota frees in ${retryAfter} s.` : '';
  return `429: ${message}. This mock was started with a rate limit (--rate-limit), and this page's requests count against it.${wait} Started without --rate-limit, the mock has none.`;
}
