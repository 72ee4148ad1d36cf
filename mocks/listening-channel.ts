import { channel } from 'node:diagnostics_channel';

/**
 * Published when a mock's server starts listening, before anything is answered. A bin that found
 * no code cache it could take listens for it to write the code cache of what the start compiled
 * (bin/machine-code-cache.ts), so that a process ended before its first answer leaves one behind;
 * the fuller one is written as that answer leaves (mocks/http/node/answering-channel.ts).
 */
export const LISTENING_CHANNEL = 'stacks-api-mock:listening';

/** Publishes on LISTENING_CHANNEL, if anyone listens. */
export function announceListening(url: string): void {
  const listening = channel(LISTENING_CHANNEL);
  if (listening.hasSubscribers) listening.publish(url);
}
