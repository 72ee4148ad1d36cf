import { channel } from 'node:diagnostics_channel';

/**
 * Published when a mock's server starts listening, before anything is answered. The bin listens
 * for it to write the code cache of what the start compiled (bin/machine-code-cache.ts): by then
 * V8 has compiled what every start runs, and a process ended right after its first answer (a
 * script that needs one answer, a benchmark) has left the cache behind.
 */
export const LISTENING_CHANNEL = 'stacks-api-mock:listening';

/** Publishes on LISTENING_CHANNEL, if anyone listens. */
export function announceListening(url: string): void {
  const listening = channel(LISTENING_CHANNEL);
  if (listening.hasSubscribers) listening.publish(url);
}
