import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockApp } from './app.ts';
import { specCheckedClient } from './testing/spec-checked-client.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const samples = [...README.matchAll(/^curl '?http:\/\/127\.0\.0\.1:3999([^' \n]+)'?$/gm)].map(
  (m) => m[1] as string,
);

/** The README's sample requests name entities of the default world; they must keep answering. */
describe('the README’s sample requests against the default mock', () => {
  const get = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0 }));

  it('has samples for every operation', () => {
    expect(samples.length).toBeGreaterThanOrEqual(8);
  });

  it.each(samples)('GET %s answers 200', async (path) => {
    expect((await get(path)).status).toBe(200);
  });
});
