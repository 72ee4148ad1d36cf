import { describe, expect, it } from 'vitest';
import { badRequestCases } from '../../contract-tests/cases/bad-requests.ts';
import { listOperations, loadSpec } from '../load.ts';
import { examplesFrom, parameterExamples } from './parameter-examples.ts';

const ADDRESS = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const OTHER = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
const TX = `0x${'1f'.repeat(32)}`;
const HASH = `0x${'ab'.repeat(32)}`;
const VIEW = { stx_activity: ADDRESS, tx_ids: [TX], block_height: 12, block_hash: HASH };

describe('one valid value per parameter name, from the world view', () => {
  it('names a principal, a transaction and a block under every parameter that takes one', () => {
    expect(parameterExamples(VIEW)).toEqual({
      principal: [ADDRESS],
      address: [ADDRESS],
      sender_address: [ADDRESS],
      recipient_address: [ADDRESS],
      tx_id: [TX],
      height_or_hash: [HASH],
      height: ['12'],
      until_block: [HASH],
      block_height: ['12'],
      block_hash: [HASH],
      unanchored: ['true'],
      blockchain: ['stacks'],
    });
  });

  it('puts the subject first, so that an address and its transaction stay a pair', () => {
    const pair = { address: OTHER, tx_id: `0x${'2e'.repeat(32)}` };
    const examples = parameterExamples({ ...VIEW, address_tx: { address: ADDRESS, tx_id: TX } }, pair);
    expect([examples.principal, examples.address, examples.tx_id]).toEqual([[OTHER], [OTHER], [pair.tx_id]]);
  });

  it('leaves out what the view does not show: no block without both its height and its hash', () => {
    expect(parameterExamples({ block_height: 3 })).toEqual({ unanchored: ['true'], blockchain: ['stacks'] });
  });

  it('keeps every fact in order when there are many, as the fuzzers draw them', () => {
    const blocks = [
      { height: 1, hash: HASH },
      { height: 2, hash: `0x${'cd'.repeat(32)}` },
    ];
    const examples = examplesFrom({ principals: [ADDRESS, OTHER], txIds: [], blocks });
    expect(examples.address).toEqual([ADDRESS, OTHER]);
    expect(examples.block_height).toEqual(['1', '2']);
    expect(examples.until_block).toEqual([HASH, blocks[1]?.hash]);
    expect(examples).not.toHaveProperty('tx_id');
  });

  it('gives every x-parameter-conflicts combination of the spec the values it needs', () => {
    const ops = listOperations(loadSpec()).filter((op) => op.conflicts.length > 0);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const path = Object.fromEntries(
        op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.name === 'tx_id' ? TX : ADDRESS]),
      );
      const names = badRequestCases(op, { path, query: {} }, parameterExamples(VIEW)).map((c) => c.name);
      expect(names.filter((n) => n.includes('x-parameter-conflicts'))).toHaveLength(op.conflicts.length);
    }
  });
});
