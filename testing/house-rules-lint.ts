import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
// The CLI's own loader (YAML migration + rollup bundling of functionsDir), so
// these tests load the custom functions exactly as `npx spectral lint` does.
import { getRuleset } from '@stoplight/spectral-cli/dist/services/linter/utils/getRuleset.js';
// Not in package.json: it is the parser spectral-core and spectral-cli depend
// on, and the one the CLI hands to Document.
import { Yaml } from '@stoplight/spectral-parsers';
import { expect } from 'vitest';
import { parse } from 'yaml';
import type { JsonObject, JsonPath } from './spec-paths.ts';

// How spec/lint/house-rules.test.ts lints the spec and its mutated copies, and judges a finding new.

export const SPEC_FILE = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));
const RULESET_FILE = fileURLToPath(new URL('../spec/.spectral.yaml', import.meta.url));

/** The whole ruleset, as `make lint` runs it. */
export let spectral: Spectral;
// Mutations are linted with the house rules alone: these tests look for their findings only, and
// spectral:oas took nine tenths of each lint of the whole spec.
let houseRules: Spectral;
export let pristine: JsonObject;
export let baseline: ISpectralDiagnostic[];

/** Loads the rulesets and lints the spec as landed: the tests' beforeAll. */
export async function loadHouseRules(): Promise<void> {
  spectral = new Spectral();
  spectral.setRuleset(await getRuleset(RULESET_FILE));
  const house = await getRuleset(RULESET_FILE);
  for (const [name, rule] of Object.entries(house.rules))
    if (!name.startsWith('house-')) rule.enabled = false;
  // A ruleset with overrides (spec/.spectral.yaml's, for two components) is rebuilt from its
  // definitions for each document linted, which enabled every spectral:oas rule again: the house
  // rules' lints ran the whole ruleset, two thirds of their time in spectral:oas's example checks.
  // The overrides concern spectral:oas's rules only.
  (house as { overrides: unknown }).overrides = null;
  houseRules = new Spectral();
  houseRules.setRuleset(house);
  const text = readFileSync(SPEC_FILE, 'utf8');
  pristine = parse(text) as JsonObject;
  baseline = await lintText(text, SPEC_FILE);
}

// A Document with the spec's own path, as the CLI builds it: without a source
// Spectral cannot map a finding inside a $ref'd component back to the component.
export function lintText(
  text: string,
  source: string,
  linter: Spectral = houseRules,
): Promise<ISpectralDiagnostic[]> {
  return linter.run(new Document(text, Yaml, source));
}

/**
 * The house rules' findings on a mutated copy of the spec. The copy keeps only the paths the
 * mutation changed (the whole copy when it changed none, as a component's change reaches every
 * path that uses it), and its findings are judged against the same paths unmutated: a lint of a
 * few paths took a sixth of the whole spec's, and these tests lint dozens of copies.
 */
export async function lintMutated(
  mutate: (doc: JsonObject) => void,
  original: JsonObject = pristine,
  source: string = SPEC_FILE,
): Promise<ISpectralDiagnostic[]> {
  const doc = structuredClone(original);
  mutate(doc);
  const before = (original.paths ?? {}) as JsonObject;
  const after = (doc.paths ?? {}) as JsonObject;
  const changed = Object.keys(after).filter((p) => JSON.stringify(after[p]) !== JSON.stringify(before[p]));
  if (changed.length === 0 || Object.keys(before).some((p) => !(p in after)))
    return lintText(JSON.stringify(doc), source);
  const keep = (whole: JsonObject, paths: JsonObject): string => {
    const kept = Object.fromEntries(changed.filter((p) => p in paths).map((p) => [p, paths[p]]));
    return JSON.stringify({ ...whole, paths: kept, components: reachableComponents(whole, kept) });
  };
  const results = await lintText(keep(doc, after), source);
  if (original === pristine) BASELINES.set(results, await lintText(keep(original, before), source));
  return results;
}

/**
 * The components `from` reaches through `$ref`s, each section's others left out, security schemes
 * kept whole (named, not referenced): Spectral resolves every component of a document, and a few
 * paths reach a tenth of the spec's.
 */
function reachableComponents(doc: JsonObject, from: unknown): JsonObject {
  const all = (doc.components ?? {}) as Record<string, JsonObject>;
  const kept: Record<string, JsonObject> = { securitySchemes: all.securitySchemes ?? {} };
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const ref =
        key === '$ref' && typeof value === 'string' ? /^#\/components\/([^/]+)\/([^/]+)$/.exec(value) : null;
      if (ref && !seen.has(value as string)) {
        seen.add(value as string);
        const [, section = '', name = ''] = ref;
        const component = all[section]?.[name];
        (kept[section] ??= {})[name] = component as JsonObject;
        walk(component);
      } else walk(value);
    }
  };
  walk(from);
  return kept;
}

/** The house rules' findings on the whole mutated copy, for a rule that reads other paths. */
export async function lintWholeMutated(mutate: (doc: JsonObject) => void): Promise<ISpectralDiagnostic[]> {
  const doc = structuredClone(pristine);
  mutate(doc);
  return lintText(JSON.stringify(doc), SPEC_FILE);
}

/** The findings of the same paths unmutated, for the findings of a copy that kept only some. */
const BASELINES = new WeakMap<ISpectralDiagnostic[], ISpectralDiagnostic[]>();

function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.every((segment, index) => String(path[index]) === String(segment));
}

export function matching(results: ISpectralDiagnostic[], code: string, at: JsonPath, message: RegExp) {
  return results.filter((r) => r.code === code && startsWith(r.path, at) && message.test(r.message));
}

/** The finding must be new: present after the mutation, absent from the unmutated spec. */
export function expectNewFinding(
  results: ISpectralDiagnostic[],
  code: string,
  at: JsonPath,
  message: RegExp = /./,
) {
  const before = BASELINES.get(results) ?? baseline;
  expect(matching(before, code, at, message), 'already reported on the unmutated spec').toEqual([]);
  const found = matching(results, code, at, message);
  expect(found, `${code} at ${at.join(' > ')} matching ${message}; got:\n${summary(results)}`).not.toEqual(
    [],
  );
  expect(found.every((r) => r.severity === 0)).toBe(true);
}

export function summary(results: ISpectralDiagnostic[]): string {
  return results.map((r) => `${r.code} ${r.path.join(' > ')}: ${r.message}`).join('\n');
}
