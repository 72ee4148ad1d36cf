/** Node writes these on its own, for the connection; fetch's Headers never have them. */
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** An answer as the parity tests compare it: the status, every header but the connection's (sorted), the body's bytes. */
export interface WireAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

export async function wireAnswer(res: Response): Promise<WireAnswer> {
  const headers = [...res.headers].filter(([n]) => !CONNECTION.has(n)).sort(([a], [b]) => a.localeCompare(b));
  const body = Buffer.from(await res.arrayBuffer()).toString('base64');
  return { status: res.status, headers, body };
}
