/**
 * Longest request target the mock reads. 8 KiB is what nginx (`large_client_header_buffers`)
 * and most proxies in front of the real service allow, so a client that works against the mock
 * does not break on a URL the hosted service would refuse. It is below the server's header
 * limit (mocks/server.ts), so a long URL gets 414 from the pipeline rather than 431 from Node.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** The 414's message, or undefined when the URL is short enough. */
export function urlTooLong(url: string, max: number = MAX_URL_LENGTH): string | undefined {
  return url.length <= max ? undefined : `URI too long: ${url.length} characters, at most ${max}`;
}
