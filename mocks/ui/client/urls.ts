/// <reference lib="dom" />
import { urlBuilder, type UrlFor } from '../../../spec/request/url.ts';
import type { PageConfig } from '../page-config.ts';

let built: UrlFor | undefined;

/** The API's URLs, from the operations' paths the server put in the page's config. */
export const urlFor: UrlFor = (operationId, ...params) => {
  built ??= urlBuilder(
    (JSON.parse(document.getElementById('page-config')?.textContent ?? '{}') as Partial<PageConfig>).paths ??
      {},
  );
  return built(operationId, ...params);
};
