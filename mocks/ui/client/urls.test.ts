import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSpec } from '../../../spec/load.ts';
import { operationPaths } from '../../../spec/request/url.ts';

afterEach(() => vi.unstubAllGlobals());

describe("the page's URLs", () => {
  it("are written from the operations' paths the server put in the page's config", async () => {
    const config = JSON.stringify({ paths: operationPaths(loadSpec()) });
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'page-config' ? { textContent: config } : null),
    });
    const { urlFor } = await import('./urls.ts');
    expect(
      urlFor('get_single_transaction_with_transfers', { path: { principal: 'SP1', tx_id: '0xab' } }),
    ).toBe('/extended/v1/address/SP1/0xab/with_transfers');
  });
});
