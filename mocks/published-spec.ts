import { METHODS, resolve, type Document, type Operation, type Parameter } from '../spec/document.ts';
import { compareVersions } from '../spec/releases/releases.ts';

/**
 * One change from the spec to the document the mock publishes: the value at `path` set, or
 * removed when `value` is undefined. Applied to the parsed spec for `/openapi.json`, and to the
 * YAML text's own document for `/openapi.yaml` (keeping its comments): one list, two formats.
 */
export interface SpecEdit {
  readonly path: readonly (string | number)[];
  readonly value?: unknown;
}

/** The extensions that say how the operations differ between releases: the published document is one release's. */
const RELEASE_EXTENSIONS = ['x-releases', 'x-deprecated-since', 'x-replaced-by-before'];

/**
 * What the mock publishes at `/openapi.json`, `/openapi.yaml` and in its API reference, answering
 * as `version` with `served` (operationsOf: the operations that release serves, each as it serves
 * it): `info.version` that release, its description saying so, the routes it does not serve
 * left out, each operation deprecated (and its replacement named) as that release has it, and
 * parameters newer than the release left out, as it ignores them.
 */
export function publishedSpecEdits(doc: Document, version: string, served: readonly Operation[]): SpecEdit[] {
  const byId = new Map(served.map((op) => [op.operationId, op]));
  const deprecated = served.filter((op) => op.deprecated).length;
  const edits: SpecEdit[] = [
    { path: ['info', 'version'], value: version },
    {
      path: ['info', 'description'],
      value:
        `Published by stacks-api-mock answering as the real service's release v${version}: the ` +
        `${served.length} operations that release serves (${deprecated} of them deprecated), as it ` +
        `serves them; the mock's spec/openapi.yaml describes every release it reproduces.\n\n` +
        (doc.info.description ?? ''),
    },
  ];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const methods = METHODS.filter((m) => item?.[m] !== undefined);
    const kept = methods.filter((m) => byId.has(item?.[m]?.operationId ?? ''));
    if (kept.length === 0) {
      edits.push({ path: ['paths', path] });
      continue;
    }
    for (const method of methods) {
      const raw = item?.[method];
      const op = byId.get(raw?.operationId ?? '');
      const at = ['paths', path, method];
      if (!raw || !op) {
        edits.push({ path: at });
        continue;
      }
      // Only what the release changes, so that the YAML keeps the spec's own text elsewhere.
      if ((raw.deprecated === true) !== op.deprecated)
        edits.push({ path: [...at, 'deprecated'], ...(op.deprecated ? { value: true } : {}) });
      const replacedBy = (raw as { 'x-replaced-by'?: unknown })['x-replaced-by'];
      if (JSON.stringify(replacedBy) !== JSON.stringify(op.replacedBy))
        edits.push({ path: [...at, 'x-replaced-by'], ...(op.replacedBy ? { value: op.replacedBy } : {}) });
      for (const name of RELEASE_EXTENSIONS) if (name in raw) edits.push({ path: [...at, name] });
      // From the last, so that each index still points where it did.
      const params = (raw.parameters ?? []).map((p) => resolve<Parameter>(doc, p));
      for (let i = params.length - 1; i >= 0; i--) {
        const since = params[i]?.['x-since'];
        if (since !== undefined && compareVersions(version, since) < 0)
          edits.push({ path: [...at, 'parameters', i] });
      }
    }
  }
  return edits;
}

/** `doc` with the edits applied, the spec itself untouched. */
export function applySpecEdits(doc: Document, edits: readonly SpecEdit[]): Document {
  const copy = structuredClone(doc) as unknown as Record<string | number, unknown>;
  for (const { path, value } of edits) {
    const parent = path.slice(0, -1).reduce<any>((node, key) => node?.[key], copy);
    const key = path.at(-1) as string | number;
    if (parent === undefined) continue;
    if (value !== undefined) parent[key] = value;
    else if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  }
  return copy as unknown as Document;
}
