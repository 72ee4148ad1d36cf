/**
 * Whether a host name is this machine only (127.0.0.0/8, ::1, localhost): where the mock's
 * control plane is open without a token, and where the suite takes a target to be a local mock.
 * One answer for the mock, the suite and the proxy.
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether a URL's host is this machine only. */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}
