import type { Answer, AnswerHeaders } from './compare.ts';

/**
 * GETs `base + path` and reads the answer: JSON body parsed, any other body kept as text, none as
 * undefined; the compared headers; and, for a 200 with an ETag, what a conditional request with
 * that ETag gets.
 */
export async function fetchAnswer(base: string, path: string, timeoutMs = 60_000): Promise<Answer> {
  const { answer, etag } = await retried(() => fetchOnce(base, path, {}, timeoutMs));
  if (answer.status !== 200 || etag === undefined) return answer;
  const again = await retried(() => fetchOnce(base, path, { 'if-none-match': etag }, timeoutMs));
  return { ...answer, revalidated: { status: again.answer.status, etag: again.etag !== undefined } };
}

interface Fetched {
  answer: Answer;
  etag?: string;
}

// A busy service may drop a connection now and then: two more tries before it counts.
async function retried(once: () => Promise<Fetched>): Promise<Fetched> {
  for (let attempt = 0; ; attempt++) {
    const fetched = await once();
    if (fetched.answer.status !== 0 || attempt === 2) return fetched;
  }
}

async function fetchOnce(
  base: string,
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Fetched> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    // A refused or cut connection is an answer too (status 0), so one request cannot stop the run.
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    return { answer: { status: 0, body: `no answer: ${cause}` } };
  }
  const etag = res.headers.get('etag') ?? undefined;
  const seen: AnswerHeaders = { etag: etag !== undefined };
  const warning = res.headers.get('warning');
  const cacheControl = res.headers.get('cache-control');
  const apiVersion = res.headers.get('x-api-version');
  if (warning !== null) seen.warning = warning;
  if (cacheControl !== null) seen['cache-control'] = cacheControl;
  if (apiVersion !== null) seen['x-api-version'] = apiVersion;
  return { answer: { status: res.status, body: parseBody(text), headers: seen }, ...(etag && { etag }) };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs `work` over `items` with at most `limit` at once, keeping their order in the results. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
