// The kernel in Node: the documents and the world file read from disk, the build's snapshot of
// the default world, and the mock's own files (the specs' text, the home page).
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { loadSpec, SPEC_PATH } from '../spec/load.ts';
import { operationPaths } from '../spec/request/url.ts';
import { CONTROL_SPEC_PATH, controlSpec } from './control/control-spec.ts';
import { mockKernel, type MockKernel, type MockSources } from './kernel.ts';
import type { MockOptions } from './options.ts';
import { uiPages } from './ui/ui-pages.ts';
import { compileWorldFile } from './world/declared/compile.ts';
import { readWorldFile } from './world/declared/read-world-file.ts';
import type { WorldFileData } from './world/declared/world-file.ts';
import { restoreDefaultWorld } from './world-snapshot.ts';

/**
 * The mock in Node: `options.world` is a world file's path. `sources`: the Node sources with the
 * world file's own contracts already run (`runWorldContracts`, as startMockServer does).
 */
export function createMock(
  options: Partial<MockOptions> = {},
  sources: MockSources = nodeSources(options.world),
): MockKernel {
  return mockKernel(options, sources);
}

/** What the kernel gets in Node; `world` is a world file's path or its content as an object. */
export function nodeSources(world: string | WorldFileData | undefined): MockSources {
  const doc = loadSpec();
  return {
    doc,
    controlDoc: controlSpec(),
    worldFile: worldFileOf(world),
    restore: restoreDefaultWorld,
    files: (live, options) => {
      let control: string | undefined;
      return {
        specYaml: (edits) => {
          // The YAML's own document, so that the comments the spec's readers rely on stay.
          const yaml = parseDocument(readFileSync(SPEC_PATH, 'utf8'));
          for (const { path, value } of edits)
            if (value === undefined) yaml.deleteIn(path);
            else yaml.setIn(path, value);
          return yaml.toString({ lineWidth: 0 });
        },
        controlYaml: () => (control ??= readFileSync(CONTROL_SPEC_PATH, 'utf8')),
        pages: uiPages(live, { ...options, paths: operationPaths(doc) }),
      };
    },
  };
}

/** A world file given by path or as an object, compiled when the kernel asks with its defaults. */
export function worldFileOf(world: string | WorldFileData | undefined): MockSources['worldFile'] {
  if (world === undefined) return undefined;
  return typeof world === 'string'
    ? (defaults) => readWorldFile(world, defaults)
    : (defaults) => compileWorldFile(JSON.stringify(world, null, 2), defaults);
}
