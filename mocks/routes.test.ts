import { describe, expect, it } from 'vitest';
import { listOperations } from '../spec/load.ts';
import { handlers as typedHandlers, mountedHandlers as handlers } from './operations/index.ts';
import { checkHandlers, toExpressPath } from './routes.ts';

describe('mounting the spec’s operations', () => {
  const ops = listOperations();

  it('has exactly one handler per operation', () => {
    expect(() => checkHandlers(ops, handlers)).not.toThrow();
  });

  it('refuses to start when an operation has no handler', () => {
    const { get_block: _, ...rest } = handlers;
    expect(() => checkHandlers(ops, rest)).toThrow(
      /operation get_block is in spec\/openapi.yaml but has no handler/,
    );
  });

  it('refuses to start when a handler has no operation', () => {
    expect(() =>
      checkHandlers(
        ops.filter((o) => o.operationId !== 'get_status'),
        handlers,
      ),
    ).toThrow(/handler get_status .* has no operation/);
  });

  it('refuses to start when a handler relies on a default the spec does not give', () => {
    const { get_block } = typedHandlers;
    expect(() =>
      checkHandlers(ops, { ...handlers, get_block: { ...get_block, defaulted: ['limit'] } }),
    ).toThrow(/get_block's handler relies on a default for query parameter limit/);
  });

  it('turns spec paths into Express paths', () => {
    expect(toExpressPath('/extended/v1/address/{principal}/{tx_id}/with_transfers')).toBe(
      '/extended/v1/address/:principal/:tx_id/with_transfers',
    );
  });
});
