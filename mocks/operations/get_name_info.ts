import { serializeNameInfo } from '../serialize/bns.ts';
import { ok, own, type OperationHandler } from './types.ts';

/**
 * A BNS name's record. Three labels name a subdomain, which the real service looks up among the
 * subdomains (the world has none) and words its 404 for; any other count is a name.
 */
export const get_name_info: OperationHandler<'get_name_info', 'unanchored'> = {
  defaulted: ['unanchored'],
  answer: ({ queries, path, query }) => {
    const { name } = path;
    if (name.split('.').length === 3) return own({ json: { error: `cannot find subdomain ${name}` } }, 404);
    const facts = queries.names.name(name, query.unanchored);
    return facts ? ok(serializeNameInfo(facts)) : own({ json: { error: `cannot find name ${name}` } }, 404);
  },
};
