import type { components } from '../../spec/types.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, withEngine } from './node-reads.ts';
import { clarityHexOrRefusal } from './clarity-args.ts';

type Args = components['schemas']['ReadOnlyFunctionArgs'];

/**
 * A read-only call in the engine as of `tip`: `{okay: true, result}`, or `{okay: false, cause}`
 * for a call that fails (the engine's words). An argument that is not a serialized Clarity value
 * is the node's 400 text, as the node refuses it before running anything.
 */
export const call_read_only_function: OperationHandler<'call_read_only_function', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: ({ queries, path, query, body }) =>
    withEngine(queries, query.tip, (reads, { at }) => {
      const sent = body as Args;
      const args: string[] = [];
      for (const hex of sent.arguments) {
        const arg = clarityHexOrRefusal<'call_read_only_function'>(
          hex,
          'Failed to deserialize argument value',
        );
        if (typeof arg !== 'string') return arg;
        args.push(arg);
      }
      return ok(reads.callReadOnly(contractIdOf(path), path.function_name, args, sent.sender, at));
    }),
};
