import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec, resolve, type Document } from './load.ts';
import { createSpecAjv } from './schemas.ts';
import { objectAt } from '../testing/spec-paths.ts';

type JsonObject = Record<string, unknown>;

interface ExampleReport {
  /** JSON pointers of every example checked. */
  checked: string[];
  /** One line per example that its schema rejects, or that this test does not know how to check. */
  problems: string[];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(path: string[]): string {
  return `/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/**
 * Checks every `example` and `examples` in the document. Next to a `schema` (media types,
 * parameters, headers) they are OpenAPI examples of that schema, the value as sent; anywhere else
 * the node is itself a schema and `examples` is JSON Schema's array.
 */
function checkExamples(doc: Document): ExampleReport {
  const ajv = createSpecAjv(doc);
  const report: ExampleReport = { checked: [], problems: [] };
  const validate = (schema: unknown, value: unknown, path: string[]) => {
    const at = pointer(path);
    report.checked.push(at);
    const fn = ajv.compile(schema);
    if (!fn(value)) {
      const why = (fn.errors ?? [])
        .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim())
        .join('; ');
      report.problems.push(`${at}: ${why}`);
    }
  };
  const visit = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, [...path, String(i)]));
    if (!isObject(node)) return;
    const schema = 'schema' in node ? node.schema : node;
    if ('example' in node) validate(schema, node.example, [...path, 'example']);
    if ('examples' in node) {
      const examples = node.examples;
      if ('schema' in node && isObject(examples)) {
        for (const [name, raw] of Object.entries(examples)) {
          const example = resolve<JsonObject>(doc, raw as JsonObject);
          if ('value' in example) validate(schema, example.value, [...path, 'examples', name, 'value']);
          else report.problems.push(`${pointer([...path, 'examples', name])}: no inline value to check`);
        }
      } else if (!('schema' in node) && Array.isArray(examples)) {
        examples.forEach((value, i) => validate(schema, value, [...path, 'examples', String(i)]));
      } else {
        report.problems.push(`${pointer([...path, 'examples'])}: not a shape this test knows how to check`);
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'example' && key !== 'examples') visit(child, [...path, key]);
    }
  };
  visit(doc, []);
  return report;
}

function mutableSpec(): Document {
  return structuredClone(loadSpec());
}

describe('examples in spec/openapi.yaml', () => {
  it('each validates against its schema', () => {
    const { problems } = checkExamples(loadSpec());
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('covers the 200 example of every operation and every component response, parameter and header example', () => {
    const doc = loadSpec();
    const expected = [
      ...listOperations(doc).map((op) =>
        pointer(['paths', op.path, op.method, 'responses', '200', 'content', 'application/json', 'example']),
      ),
      ...Object.entries(doc.components?.responses ?? {})
        .filter(([, response]) => 'content' in response)
        .flatMap(([name, response]) =>
          // Each media type's example: the JSON body, and a stacks-node's own text beside or instead of it.
          Object.keys(('content' in response && response.content) || {}).map((type) =>
            pointer(['components', 'responses', name, 'content', type, 'example']),
          ),
        ),
      ...(['parameters', 'headers'] as const).flatMap((kind) =>
        Object.entries(doc.components?.[kind] ?? {}).flatMap(([name, item]) => [
          ...('example' in item ? [pointer(['components', kind, name, 'example'])] : []),
          ...Object.keys(('examples' in item && item.examples) || {}).map((example) =>
            pointer(['components', kind, name, 'examples', example, 'value']),
          ),
        ]),
      ),
    ];
    expect(expected.length).toBeGreaterThan(listOperations(doc).length);
    expect(checkExamples(doc).checked).toEqual(expect.arrayContaining(expected));
  });

  it('a response, a parameter and a header example that break their schemas are each reported', () => {
    const doc = mutableSpec();
    const blockMedia = [
      'paths',
      '/extended/v2/blocks/{height_or_hash}',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
    ];
    objectAt(doc, [...blockMedia, 'example']).height = '600';
    objectAt(doc, ['components', 'parameters', 'PrincipalPath']).example =
      'SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV21';
    objectAt(doc, ['components', 'parameters', 'HeightOrHash', 'examples', 'height']).value = -1;
    objectAt(doc, ['components', 'headers', 'DeprecationWarning']).example = 'Deprecated';

    expect(checkExamples(doc).problems.map((line) => line.slice(0, line.indexOf(': ')))).toEqual([
      pointer([...blockMedia, 'example']),
      '/components/parameters/HeightOrHash/examples/height/value',
      '/components/parameters/PrincipalPath/example',
      '/components/headers/DeprecationWarning/example',
    ]);
  });
});
