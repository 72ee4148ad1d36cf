import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  baseline,
  expectNewFinding,
  lintMutated,
  lintText,
  lintWholeMutated,
  loadHouseRules,
  matching,
  pristine,
  spectral,
  summary,
} from '../../testing/house-rules-lint.ts';
import {
  derefPath,
  firstDeprecatedOperationPath,
  objectAt,
  operationPath,
  propertiesDeclaring,
  queryParameterPath,
  type JsonObject,
  type JsonPath,
} from '../../testing/spec-paths.ts';
import { CACHE_CLASSES, ETAG_STEPS, FOLLOW_FACTS } from '../document.ts';

const FIXTURE_FILE = fileURLToPath(new URL('./fixtures/minimal-openapi.yaml', import.meta.url));

beforeAll(loadHouseRules, 30_000);

describe('house rules on spec/openapi.yaml', () => {
  it('the unmutated spec has no house-rule findings', () => {
    const house = baseline.filter((r) => String(r.code).startsWith('house-'));
    expect(house, summary(house)).toEqual([]);
  });

  describe('house-error-responses-documented', () => {
    it.each([
      ['400', ['400']],
      ['429', ['429']],
      ['500 or 5XX', ['500', '5XX']],
    ])('fires when get_block loses its %s response', async (label, statuses) => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        const responses = objectAt(doc, [...op, 'responses']);
        for (const status of statuses) delete responses[status];
      });
      expectNewFinding(
        results,
        'house-error-responses-documented',
        [...op, 'responses'],
        new RegExp(`no ${label}`),
      );
    });

    it('fires when a deprecated operation loses its 410 (the sunset the mock rehearses)', async () => {
      const op = operationPath(pristine, 'get_account_balance');
      const results = await lintMutated((doc) => {
        delete objectAt(doc, [...op, 'responses'])['410'];
      });
      expectNewFinding(results, 'house-error-responses-documented', [...op, 'responses'], /no 410/);
    });
  });

  describe('house-error-response-schema', () => {
    const ownSchema = {
      description: 'Not found.',
      content: { 'application/json': { schema: { type: 'object' } } },
    };

    it('fires when an error response inlines its own schema', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        objectAt(doc, [...op, 'responses'])['404'] = ownSchema;
      });
      expectNewFinding(results, 'house-error-response-schema', [...op, 'responses', '404']);
    });

    it('fires when the shared response an operation references stops using ErrorResponse', async () => {
      const op = operationPath(pristine, 'get_block');
      const shared = derefPath(pristine, [...op, 'responses', '404']);
      expect(shared.slice(0, 2), 'get_block 404 should be a #/components/responses entry').toEqual([
        'components',
        'responses',
      ]);
      const results = await lintMutated((doc) => {
        objectAt(doc, [...shared, 'content', 'application/json']).schema = { type: 'object' };
      });
      expectNewFinding(
        results,
        'house-error-response-schema',
        [...op, 'responses', '404'],
        /application\/json/,
      );
    });
  });

  describe('house-error-response-schema on 410', () => {
    it('fires when an operation no release deprecates documents a 410', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        objectAt(doc, [...op, 'responses'])['410'] = { $ref: '#/components/responses/Gone' };
      });
      expectNewFinding(
        results,
        'house-error-response-schema',
        [...op, 'responses', '410'],
        /only a deprecated/,
      );
    });

    it("fires when a deprecated operation's 410 is the shared ErrorResponse, not the real Gone body", async () => {
      const op = operationPath(pristine, 'get_account_balance');
      const results = await lintMutated((doc) => {
        objectAt(doc, [...op, 'responses'])['410'] = { $ref: '#/components/responses/NotFound' };
      });
      expectNewFinding(results, 'house-error-response-schema', [...op, 'responses', '410'], /GoneResponse/);
    });
  });

  it('house-rate-limit-headers fires when a 429 loses retry-after', async () => {
    const response = derefPath(pristine, [...operationPath(pristine, 'get_block'), 'responses', '429']);
    const results = await lintMutated((doc) => {
      const headers = objectAt(doc, [...response, 'headers']);
      const name = Object.keys(headers).find((header) => header.toLowerCase() === 'retry-after');
      if (name === undefined) throw new Error('the 429 response has no retry-after header to remove');
      delete headers[name];
    });
    expectNewFinding(results, 'house-rate-limit-headers', response, /"retry-after"/);
  });

  describe('house-pagination-bounds', () => {
    it('fires when limit loses its maximum', async () => {
      const limit = queryParameterPath(
        pristine,
        operationPath(pristine, 'get_address_transaction_events'),
        'limit',
      );
      const results = await lintMutated((doc) => {
        delete objectAt(doc, [...limit, 'schema']).maximum;
      });
      expectNewFinding(
        results,
        'house-pagination-bounds',
        [...limit, 'schema'],
        /"limit" schema declares no maximum/,
      );
    });

    it('fires when offset has a minimum other than 0', async () => {
      const offset = queryParameterPath(
        pristine,
        operationPath(pristine, 'get_address_transaction_events'),
        'offset',
      );
      const results = await lintMutated((doc) => {
        objectAt(doc, [...offset, 'schema']).minimum = 1;
      });
      expectNewFinding(results, 'house-pagination-bounds', [...offset, 'schema'], /minimum 0/);
    });
  });

  it('house-amount-strings fires when an amount field becomes an integer', async () => {
    const properties = propertiesDeclaring(pristine, 'stx_sent');
    const results = await lintMutated((doc) => {
      objectAt(doc, properties).stx_sent = { type: 'integer' };
    });
    expectNewFinding(
      results,
      'house-amount-strings',
      [...properties, 'stx_sent'],
      /"stx_sent".*found integer/,
    );
  });

  describe('house-deprecated-replacement', () => {
    it('fires when a deprecated operation loses x-replaced-by', async () => {
      const op = firstDeprecatedOperationPath(pristine);
      const results = await lintMutated((doc) => {
        delete objectAt(doc, op)['x-replaced-by'];
      });
      expectNewFinding(results, 'house-deprecated-replacement', op, /no x-replaced-by/);
    });

    it('fires when x-replaced-by names an operation outside the document without describing it', async () => {
      const op = firstDeprecatedOperationPath(pristine);
      const results = await lintMutated((doc) => {
        objectAt(doc, op)['x-replaced-by'] = { operationId: 'not_in_this_document' };
      });
      expectNewFinding(
        results,
        'house-deprecated-replacement',
        [...op, 'x-replaced-by', 'operationId'],
        /not in this document/,
      );
    });

    it('fires when x-replaced-by.routes holds something that is not "GET /path"', async () => {
      const op = firstDeprecatedOperationPath(pristine);
      const results = await lintMutated((doc) => {
        (objectAt(doc, op)['x-replaced-by'] as JsonObject).routes = ['get_address_transaction_events'];
      });
      expectNewFinding(
        results,
        'house-deprecated-replacement',
        [...op, 'x-replaced-by', 'routes'],
        /not a list of "GET \/path" strings/,
      );
    });

    it("fires when an older release's x-replaced-by-before routes leave out the route of its operationId", async () => {
      const op = operationPath(pristine, 'get_single_transaction_with_transfers');
      // Whole: the rule looks the operationId's route up among the other paths.
      const results = await lintWholeMutated((doc) => {
        const before = objectAt(doc, op)['x-replaced-by-before'] as JsonObject;
        (before['9.0.0'] as JsonObject).routes = ['GET /extended/v2/somewhere/else'];
      });
      expectNewFinding(
        results,
        'house-deprecated-replacement',
        [...op, 'x-replaced-by-before', '9.0.0', 'routes'],
        /without the route of its operationId/,
      );
    });

    it('fires when the description names none of the replacement routes', async () => {
      const op = firstDeprecatedOperationPath(pristine);
      const results = await lintMutated((doc) => {
        objectAt(doc, op).description = 'Deprecated. Use something else.';
      });
      expectNewFinding(
        results,
        'house-deprecated-replacement',
        [...op, 'description'],
        /does not mention its replacement/,
      );
    });

    it('fires when the description stops saying "deprecated"', async () => {
      const op = firstDeprecatedOperationPath(pristine);
      const results = await lintMutated((doc) => {
        objectAt(doc, op).description = 'Returns data.';
      });
      expectNewFinding(
        results,
        'house-deprecated-replacement',
        [...op, 'description'],
        /does not say "deprecated"/,
      );
    });
  });

  describe('house-operation-id', () => {
    it('fires on a camelCase operationId', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        objectAt(doc, op).operationId = 'getBlock';
      });
      expectNewFinding(results, 'house-operation-id', [...op, 'operationId'], /not snake_case/);
    });

    it('fires on a duplicated operationId', async () => {
      // Whole: the other operation that holds the id stays.
      const results = await lintWholeMutated((doc) => {
        objectAt(doc, operationPath(doc, 'get_status')).operationId = 'get_block';
      });
      const ids = ['get_status', 'get_block'].map((id) => [...operationPath(pristine, id), 'operationId']);
      const reported = ids.flatMap((at) => matching(results, 'house-operation-id', at, /already used/));
      expect(reported, summary(results)).toHaveLength(1);
    });
  });

  describe('house-api-key-security', () => {
    it('fires when an operation stops documenting 401', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        delete objectAt(doc, [...op, 'responses'])['401'];
      });
      expectNewFinding(results, 'house-api-key-security', [...op, 'responses'], /no 401/);
    });

    it('fires when the API key becomes mandatory', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        objectAt(doc, op).security = [{ apiKey: [] }];
      });
      expectNewFinding(results, 'house-api-key-security', [...op, 'security'], /anonymous access/);
    });
  });

  describe('house-etag-step', () => {
    it('fires when a GET whose 200 sends an ETag loses its x-etag', async () => {
      const op = operationPath(pristine, 'get_block');
      const results = await lintMutated((doc) => {
        delete objectAt(doc, op)['x-etag'];
      });
      expectNewFinding(results, 'house-etag-step', op, /has no x-etag/);
    });

    it("fires on a step it does not know, and knows exactly the spec reader's steps", async () => {
      const etag = [...operationPath(pristine, 'get_block'), 'x-etag'];
      const from = [...etag, 'from'];
      const results = await lintMutated((doc) => {
        objectAt(doc, etag).from = 'blocks';
      });
      expectNewFinding(results, 'house-etag-step', from, /"blocks", not a known step/);
      const [finding] = matching(results, 'house-etag-step', from, /not a known step/);
      expect(/\(([^)]+)\)$/.exec(finding?.message ?? '')?.[1]?.split(', ')).toEqual([...ETAG_STEPS]);
    });

    it('fires on a withMempoolParam naming no boolean query parameter, a before key naming no release, an x-etag on a POST', async () => {
      const etag = [...operationPath(pristine, 'get_principal_stx_balance'), 'x-etag'];
      const post = operationPath(pristine, 'post_transaction');
      const results = await lintMutated((doc) => {
        Object.assign(objectAt(doc, etag), {
          withMempoolParam: 'unanchored',
          before: { '9.0': 'chain-tip' },
        });
        objectAt(doc, post)['x-etag'] = { from: 'chain-tip' };
      });
      expectNewFinding(
        results,
        'house-etag-step',
        [...etag, 'withMempoolParam'],
        /"unanchored", not a boolean/,
      );
      expectNewFinding(results, 'house-etag-step', [...etag, 'before', '9.0'], /not a release/);
      expectNewFinding(results, 'house-etag-step', [...post, 'x-etag'], /not a GET whose 200 sends an ETag/);
    });
  });

  it('house-cache-class, house-bad-inputs, house-order, house-golden-sample and house-follow fire on unknown values, and on keys where they cannot hold', async () => {
    const op = (id: string): JsonPath => operationPath(pristine, id);
    const [block, post, stats] = [op('get_block'), op('post_transaction'), op('get_tx_list_details')];
    const history = op('get_account_transactions_with_transfers');
    const results = await lintMutated((doc) => {
      Object.assign(objectAt(doc, block), { 'x-cache': 'forever', 'x-bad-inputs': { limit: '20' } });
      for (const at of [post, stats]) objectAt(doc, at)['x-cache'] = 'mined';
      objectAt(doc, history)['x-bad-inputs'] = { query: { page: '2', limit: 20 } };
      Object.assign(objectAt(doc, block), {
        'x-order': { says: 'by height', key: 'hash', by: [{ field: 'height', order: 'descending' }] },
        'x-golden-sample': 0,
        'x-follow': [
          { from: { nothing: 'transaction.tx_id', height_or_hash: 'rumour' }, after: ['get_nowhere'] },
          { with: { limit: 5 } },
        ],
      });
      objectAt(doc, history)['x-order'] = {
        says: 'in no particular order',
        key: 'tx.tx_id',
        by: [{ field: 'tx.nonce_of_nothing', order: 'upward', case: 'upper' }],
      };
    });
    const cache = (at: JsonPath, m: RegExp) =>
      expectNewFinding(results, 'house-cache-class', [...at, 'x-cache'], m);
    cache(block, /"forever", not a known class/);
    const [finding] = matching(results, 'house-cache-class', [...block, 'x-cache'], /not a known class/);
    expect(/\(([^)]+)\)$/.exec(finding?.message ?? '')?.[1]?.split(', ')).toEqual([...CACHE_CLASSES]);
    cache(post, /not a GET/);
    cache(stats, /x-etag reads the mempool/);
    const bad = (at: JsonPath, message: RegExp) => expectNewFinding(results, 'house-bad-inputs', at, message);
    bad([...block, 'x-bad-inputs'], /not an object with a `query` map/);
    bad([...history, 'x-bad-inputs', 'query', 'page'], /"page", not a query parameter/);
    bad([...history, 'x-bad-inputs', 'query', 'limit'], /not a string/);
    const order = (at: JsonPath, message: RegExp) => expectNewFinding(results, 'house-order', at, message);
    order([...block, 'x-order'], /no `limit` and `offset`/);
    order([...block, 'x-order', 'key'], /"hash", not a field of its results' items/);
    order([...history, 'x-order', 'says'], /which its description does not say/);
    order([...history, 'x-order', 'by', '0'], /"tx.nonce_of_nothing", not a field/);
    order([...history, 'x-order', 'by', '0'], /"upward", not ascending or descending/);
    order([...history, 'x-order', 'by', '0'], /"upper", not insensitive/);
    expectNewFinding(
      results,
      'house-golden-sample',
      [...block, 'x-golden-sample'],
      /0, not a positive integer/,
    );
    const follow = (at: JsonPath, m: RegExp) =>
      expectNewFinding(results, 'house-follow', [...block, 'x-follow', ...at], m);
    follow(['0', 'from', 'nothing'], /"nothing", not a parameter/);
    follow(['0', 'after'], /"get_nowhere", no operation/);
    follow(['1'], /leaves "height_or_hash" unfilled/);
    follow(['1', 'with', 'limit'], /not a parameter/);
    const fact = 'height_or_hash';
    const [unknownFact] = matching(
      results,
      'house-follow',
      [...block, 'x-follow', '0', 'from', fact],
      /"rumour"/,
    );
    expect(/\(([^)]+)\)$/.exec(unknownFact?.message ?? '')?.[1]?.split(', ')).toEqual([...FOLLOW_FACTS]);
  });

  it('house-success-example fires when a 200 JSON response loses its example', async () => {
    const media = [
      ...derefPath(pristine, [...operationPath(pristine, 'get_block'), 'responses', '200']),
      'content',
      'application/json',
    ];
    const results = await lintMutated((doc) => {
      const target = objectAt(doc, media);
      delete target.example;
      delete target.examples;
    });
    expectNewFinding(results, 'house-success-example', media, /no example/);
  });
});

// The real spec repeats security on every operation, uses 5XX, a lower-case
// retry-after, single examples, a shared ETag header and operation-level
// parameters; the fixture uses the other legal forms so the rules are shown
// not to reject them.
describe('house rules on forms the real spec does not use', () => {
  const fixtureText = readFileSync(FIXTURE_FILE, 'utf8');

  it('accept root-level security, an inline 500 and 410, Retry-After, $ref amounts, named examples, an inline etag and a path-level withMempoolParam', async () => {
    const results = await lintText(fixtureText, FIXTURE_FILE, spectral);
    expect(results, summary(results)).toEqual([]);
  });

  it('report a root security that makes the key mandatory once, at the root', async () => {
    const results = await lintMutated(
      (doc) => {
        doc.security = [{ apiKey: [] }];
      },
      parse(fixtureText) as JsonObject,
      FIXTURE_FILE,
    );
    const security = results.filter((r) => r.code === 'house-api-key-security');
    expect(
      security.map((r) => r.path),
      summary(results),
    ).toEqual([['security']]);
  });
});
