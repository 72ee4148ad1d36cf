import { expect } from 'vitest';
import type { HttpClient } from '../../spec/http/client.ts';

/** The body of a GET that must answer 200 (the path named when it does not), as the caller's type. */
export async function okBody<T>(client: HttpClient, path: string): Promise<T> {
  const res = await client.get(path);
  expect(res.status, path).toBe(200);
  return res.body as T;
}
