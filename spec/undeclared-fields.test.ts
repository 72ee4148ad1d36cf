import { describe, expect, it } from 'vitest';
import { loadRealResponses } from '../testing/real-responses/real-responses.ts';
import { loadSpec, operationById } from './load.ts';
import { undeclaredFields } from './undeclared-fields.ts';

const doc = loadSpec();
function bodySchema(operationId: string, status = '200'): unknown {
  return operationById(operationId, doc).responses[status]!.content!['application/json']!.schema;
}

describe('undeclaredFields', () => {
  it('finds nothing in a body that uses only declared fields', () => {
    const status = { server_version: 'v8', status: 'ready', chain_tip: { block_height: 1 } };
    expect(undeclaredFields(doc, bodySchema('get_status'), status)).toEqual([]);
  });

  it('names an extra field at the top, inside an object, inside array items and inside map values', () => {
    const status = {
      server_version: 'v8',
      status: 'ready',
      chain_tip: { block_height: 1, shiny: 1 },
      extra: true,
    };
    expect(undeclaredFields(doc, bodySchema('get_status'), status)).toEqual(['chain_tip.shiny', 'extra']);
    const events = {
      limit: 20,
      offset: 0,
      total: 1,
      results: [{ type: 'stx', event_index: 0, data: { type: 'mint', memo: '0x' } }],
    };
    expect(undeclaredFields(doc, bodySchema('get_address_transaction_events'), events)).toEqual([
      'results[].data.memo',
    ]);
    const multiple = {
      ['0x' + 'a'.repeat(64)]: { found: false, result: { tx_id: '0x' + 'a'.repeat(64), novel: 1 } },
    };
    expect(undeclaredFields(doc, bodySchema('get_tx_list_details'), multiple)).toEqual(['{*}.result.novel']);
  });

  it('finds every field of the recorded real responses declared, across composition branches', () => {
    for (const fixture of loadRealResponses()) {
      const op = operationById(fixture.operationId, doc);
      const response = op.responses[String(fixture.status)] ?? op.responses[`${String(fixture.status)[0]}XX`];
      const found = undeclaredFields(doc, response!.content!['application/json']!.schema, fixture.body);
      expect({ fixture: `${fixture.operationId} ${fixture.status}`, found }).toEqual({
        fixture: `${fixture.operationId} ${fixture.status}`,
        found: [],
      });
    }
  });
});
