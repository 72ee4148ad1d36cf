import { defineCommand } from '../command-line/declaration.ts';
import { readCommand } from '../command-line/parse.ts';
import { loadSpec, SPEC_PATH } from '../load.ts';
import {
  CLIENT_PACKAGE,
  clientSchemaText,
  clientVersion,
  findDrift,
  findingsTable,
  judge,
  loadAllowlist,
} from './client-drift.ts';
import { findPublishedDrift, readPublished } from './published-drift.ts';

const DRIFT_COMMAND = defineCommand({
  name: 'make drift',
  usage:
    'make drift [SPEC=path] [PUBLISHED=path]   (npx tsx spec/drift/client-drift-cli.ts [SPEC] [--published PATH])',
  options: {
    published: {
      type: 'path',
      description: "the real service's published OpenAPI document of the pinned release, to compare too",
    },
  },
  arguments: [{ name: 'spec', description: 'the spec to check (default spec/openapi.yaml)' }],
});

/**
 * `make drift [SPEC=path] [PUBLISHED=path]` (client-drift-cli.ts runs it): the spec against the
 * pinned official client, and against the real service's published OpenAPI document when one is
 * given; its report written to `write`, and the exit code: 1 on an unlisted difference, 2 on a
 * spec or document it cannot read. A function, so the test runs it in the test's process: a `tsx`
 * process of its own spent 8 s of CPU on its imports and a cold lowering.
 */
export async function driftCommand(
  argv: readonly string[],
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const values = readCommand(DRIFT_COMMAND, argv);
  if (typeof values === 'number') return values;
  try {
    return await drift(values.spec, values.published, write);
  } catch (err) {
    process.stderr.write(`make drift: ${(err as Error).message}\n`);
    return 2;
  }
}

async function drift(
  spec: string | undefined,
  publishedPath: string | undefined,
  write: (text: string) => void,
): Promise<number> {
  const specPath = spec ?? SPEC_PATH;
  const doc = loadSpec(specPath);
  const client = await findDrift(doc, clientSchemaText());
  const published = publishedPath ? await findPublishedDrift(doc, readPublished(publishedPath)) : [];
  const verdict = judge([...client, ...published], loadAllowlist());
  write(`${specPath} against ${CLIENT_PACKAGE}@${clientVersion()}\n`);
  write(
    publishedPath
      ? `and against the published document ${publishedPath}\n`
      : "no published document given (PUBLISHED=path to compare with the real service's openapi.yaml)\n",
  );
  write(
    `${verdict.allowed.length} known difference(s), kept on purpose (spec/drift/client-allowlist.yaml)\n`,
  );
  if (verdict.stale.length > 0) {
    write(
      `\n${verdict.stale.length} stale allowlist entr${verdict.stale.length === 1 ? 'y' : 'ies'} (no such difference any more; remove them):\n`,
    );
    for (const s of verdict.stale) write(`  ${s.operation} | ${s.kind} | ${s.where || '(operation)'}\n`);
  }
  const unlisted = new Set(verdict.unlisted);
  const fromClient = client.filter((f) => unlisted.has(f));
  const fromPublished = published.filter((f) => unlisted.has(f));
  if (fromClient.length)
    write(`\n${fromClient.length} unlisted difference(s) with the client:\n${findingsTable(fromClient)}\n`);
  if (fromPublished.length)
    write(
      `\n${fromPublished.length} unlisted difference(s) with the published document:\n${findingsTable(fromPublished, 'published')}\n`,
    );
  if (unlisted.size > 0) {
    write('\nFix the spec, or list the difference with its reason in spec/drift/client-allowlist.yaml.\n');
    return 1;
  }
  write('no unlisted difference\n');
  return 0;
}
