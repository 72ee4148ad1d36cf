/**
 * What identifies a live message in the live-updates bench: its topic and object (and a
 * transaction's status). The mock's side (what it announced) and the subscribers' side (what they
 * received) key messages with this one function, so their sequences compare.
 */
export function liveMessageKey(topic: 'block' | 'mempool', id: string | number, status = ''): string {
  return topic === 'block' ? `block ${id}` : `mempool ${id} ${status}`;
}
