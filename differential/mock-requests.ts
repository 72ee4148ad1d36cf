import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { ServerDoor } from '../mocks/server.ts';
import { worldViewOf } from '../mocks/world-view.ts';
import { urlFor } from '../spec/load.ts';
import { fetchAnswer } from './fetch-answer.ts';
import { buildRequests, notableAddresses } from './requests.ts';
import type { DiffRequest } from './starting-requests.ts';

/**
 * The run's requests for the world a mock serves, answering as the release: built from its chain,
 * its world view, and its catalogue and each notable address's history total as it serves them
 * (a release that no longer serves the history walks none of it).
 */
export async function requestsOf(
  mock: Pick<ServerDoor, 'url' | 'live'>,
  release: string,
): Promise<DiffRequest[]> {
  const catalogue = (await fetchAnswer(mock.url, '/_mock/world')).body as WorldCatalogue;
  const totals = new Map<string, number>();
  for (const address of notableAddresses(catalogue)) {
    const page = await fetchAnswer(
      mock.url,
      urlFor('get_account_transactions_with_transfers', {
        path: { principal: address },
        query: { limit: 1 },
      }),
    );
    totals.set(address, (page.body as { total?: number })?.total ?? 0);
  }
  const { queries } = mock.live;
  return buildRequests({ chain: queries.chain, catalogue, view: worldViewOf(queries) }, totals, release);
}
