import { channel } from 'node:diagnostics_channel';

/**
 * Published as a node:http mock is about to write an answer, once the pipeline has made it. The
 * bin listens for the first one to write the code cache of what the start and a first answer
 * compiled (bin/machine-code-cache.ts): written before the answer leaves, a process ended as soon
 * as it has it (a script that needs one answer, a benchmark) has left the cache behind.
 */
export const ANSWERING_CHANNEL = 'stacks-api-mock:answering';

const answering = channel(ANSWERING_CHANNEL);

/** Publishes on ANSWERING_CHANNEL, if anyone listens: on the path of every answer, so only a check when none does. */
export function announceAnswering(): void {
  if (answering.hasSubscribers) answering.publish(undefined);
}
