const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Whether the mock listens where only this machine can reach it: the control plane is open there.
 * Apart from the control plane's router, so the banner can tell without loading Express.
 */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}
