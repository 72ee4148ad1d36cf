import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_block: OperationHandler<'get_block'> = {
  defaulted: [],
  answer: ({ world, path }) => {
    const ref = path.height_or_hash;
    const block =
      ref === 'latest'
        ? world.block({ latest: true })
        : typeof ref === 'number'
          ? world.block({ height: ref })
          : world.block({ hash: normalizeHex(ref) });
    return block ? ok(block) : notFound('Block not found');
  },
};
