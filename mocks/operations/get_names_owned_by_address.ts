import { badRequest, ok, type OperationHandler } from './types.ts';

/** The only layer-1 blockchain the real service looks names up for. */
const SUPPORTED_BLOCKCHAINS = ['stacks'];

/**
 * The names an address owns on the anchored chain: the real service reads them without the
 * unanchored stream whatever `unanchored` says, and checks no address (none owns nothing).
 */
export const get_names_owned_by_address: OperationHandler<'get_names_owned_by_address'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    if (!SUPPORTED_BLOCKCHAINS.includes(path.blockchain)) return badRequest('Unsupported blockchain');
    return ok({ names: queries.names.ownedBy(path.address) });
  },
};
