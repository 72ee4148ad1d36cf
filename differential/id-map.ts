/**
 * Mempool transaction ids between the two services: the real service names a pending transaction by
 * the hash of its bytes, the mock by a drawn id (see mocks/event-stream). Requests to the real
 * service carry its ids; its answers are read back with the mock's, so only what differs otherwise
 * counts as a difference.
 */
export class IdMap {
  private readonly toReal: Map<string, string>;
  private readonly toMock: Map<string, string>;
  private readonly realPattern: RegExp | undefined;
  private readonly mockPattern: RegExp | undefined;

  constructor(mockToReal: ReadonlyMap<string, string>) {
    this.toReal = new Map(mockToReal);
    this.toMock = new Map([...mockToReal].map(([m, r]) => [r, m]));
    this.mockPattern = pattern([...this.toReal.keys()]);
    this.realPattern = pattern([...this.toMock.keys()]);
  }

  /** The path to ask the real service. */
  realPath(path: string): string {
    return this.mockPattern ? path.replace(this.mockPattern, (id) => this.toReal.get(id) as string) : path;
  }

  /** The real service's body with the mock's ids in place of its own. */
  mockBody(body: unknown): unknown {
    if (!this.realPattern || body === undefined) return body;
    const pattern = this.realPattern;
    return JSON.parse(JSON.stringify(body).replace(pattern, (id) => this.toMock.get(id) as string));
  }
}

function pattern(ids: readonly string[]): RegExp | undefined {
  return ids.length ? new RegExp(ids.map((id) => id.replace(/^0x/, '0x')).join('|'), 'g') : undefined;
}
