import type { FedRequest } from '../request-feed.ts';
import { h, table } from './dom.ts';
import type { Drawn } from './view.ts';

/** The last requests the mock answered, newest first (method, path, status, time; never a header). */
export function requestsView(requests: FedRequest[]): Drawn {
  return {
    title: 'Requests',
    content: [
      h(
        'p',
        {},
        `The last ${requests.length} requests the mock answered, newest first, as they arrive. The page's own polling is not listed. A deprecated operation of the release the mock answers as is marked: move to its replacement before the sunset.`,
      ),
      table(
        ['Time', 'Method', 'Path', 'Status', 'ms'],
        [...requests]
          .reverse()
          .map((r) => [
            r.at.slice(11, 23),
            r.method,
            r.deprecated
              ? h('span', {}, h('code', {}, r.path), ' ', h('mark', { class: 'deprecated' }, 'deprecated'))
              : h('code', {}, r.path),
            r.status,
            r.ms,
          ]),
        ['Status', 'ms'],
      ),
    ],
  };
}
