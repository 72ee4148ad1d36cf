/** What `Prefer` a request is answered as if it carried: an error or a delay on demand. */
export interface Preference {
  /** Any status the operation documents, e.g. 503. */
  code?: number;
  /** Milliseconds, up to 60000. */
  delay?: number;
  /** Only requests to this operation (default: all of them). */
  operationId?: string;
  /** Only the next n matching requests (default: until `clearPreferences()`). */
  times?: number;
}

interface Pending {
  header: string;
  operationId: string | undefined;
  times: number;
}

/**
 * The preferences a running mock was given by `prefer()` (every door's, mocks/mock-handle.ts):
 * the scenarios phase of the pipeline answers a request that sends no `Prefer` of its own as if
 * it sent the first pending one for its operation, so a preference is the same `Prefer` a client
 * could send, answered the same way.
 */
export class Preferences {
  private readonly pending: Pending[] = [];

  /** `operationIds`: the operations a preference may name. */
  constructor(private readonly operationIds: readonly string[]) {}

  /** Whether none is pending: the one question a request without `Prefer` asks. */
  isEmpty(): boolean {
    return this.pending.length === 0;
  }

  /**
   * Adds one, and gives the `Prefer` header it stands for; throws, in one line, on a preference
   * that asks nothing or names no operation.
   */
  add(preference: Preference): string {
    const parts = [
      ...(preference.code !== undefined ? [`code=${preference.code}`] : []),
      ...(preference.delay !== undefined ? [`delay=${preference.delay}`] : []),
    ];
    if (parts.length === 0) throw new Error('prefer needs a code, a delay or both');
    const times = preference.times ?? Number.POSITIVE_INFINITY;
    if (!(times >= 1)) throw new Error(`times must be at least 1, got ${times}`);
    const { operationId } = preference;
    if (operationId !== undefined && !this.operationIds.includes(operationId))
      throw new Error(`no operation ${operationId}: one of ${this.operationIds.join(', ')}`);
    const header = parts.join(', ');
    this.pending.push({ header, operationId, times });
    return header;
  }

  clear(): void {
    this.pending.splice(0);
  }

  /** The `Prefer` header a request to this operation is answered as, counting one use; undefined when none applies. */
  take(operationId: string): string | undefined {
    const index = this.pending.findIndex((p) => p.operationId === undefined || p.operationId === operationId);
    if (index < 0) return undefined;
    const chosen = this.pending[index] as Pending;
    if (--chosen.times === 0) this.pending.splice(index, 1);
    return chosen.header;
  }
}
