import { httpClient, type HttpClient } from '../spec/http/client.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { answerOf, type Answer } from './compare.ts';

/**
 * GETs `base + path` with the one HTTP client and reads the answer: JSON body parsed, any other body kept as text, none as
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

/** One client per service, its connections kept alive across the run. */
const clients = new Map<string, HttpClient>();

async function fetchOnce(
  base: string,
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Fetched> {
  let client = clients.get(base);
  if (!client) clients.set(base, (client = httpClient(base, { maxSockets: 64 })));
  let res: HttpResponse;
  try {
    res = await client.send({ method: 'GET', target: path, headers }, { timeoutMs });
  } catch (err) {
    // A refused or cut connection is an answer too (status 0), so one request cannot stop the run.
    const cause = (err as { code?: string }).code ?? (err as Error).name;
    return { answer: { status: 0, body: `no answer: ${cause}` } };
  }
  const { etag } = res.headers;
  return { answer: answerOf(res), ...(etag && { etag }) };
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
