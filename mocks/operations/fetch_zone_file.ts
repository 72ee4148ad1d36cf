import { ok, own, type OperationHandler } from './types.ts';

/** A name's zone file. The world has no subdomains, so a subdomain's zone file is never found. */
export const fetch_zone_file: OperationHandler<'fetch_zone_file', 'unanchored'> = {
  defaulted: ['unanchored'],
  answer: ({ queries, path, query }) => {
    const facts =
      path.name.split('.').length > 2 ? undefined : queries.names.name(path.name, query.unanchored);
    return facts
      ? ok({ zonefile: facts.zonefile })
      : own({ json: { error: 'No such name or zonefile does not exist' } }, 404);
  },
};
