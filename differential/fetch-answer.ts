import type { Answer } from './compare.ts';

/** GETs `base + path` and reads the answer: JSON body parsed, any other body kept as text, none as undefined. */
export async function fetchAnswer(base: string, path: string, timeoutMs = 60_000): Promise<Answer> {
  // A busy service may drop a connection now and then: two more tries before it counts.
  for (let attempt = 0; ; attempt++) {
    const answer = await fetchOnce(base, path, timeoutMs);
    if (answer.status !== 0 || attempt === 2) return answer;
  }
}

async function fetchOnce(base: string, path: string, timeoutMs: number): Promise<Answer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    // A refused or cut connection is an answer too (status 0), so one request cannot stop the run.
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    return { status: 0, body: `no answer: ${cause}` };
  }
  if (text === '') return { status: res.status, body: undefined };
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
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
