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
 * `make drift [SPEC=path] [PUBLISHED=path]`: the spec against the pinned official client, and
 * against the real service's published OpenAPI document when one is given; exit 1 on an
 * unlisted difference.
 */
async function main(): Promise<void> {
  const values = readCommand(DRIFT_COMMAND, process.argv.slice(2));
  if (typeof values === 'number') {
    process.exitCode = values;
    return;
  }
  const specPath = values.spec ?? SPEC_PATH;
  const doc = loadSpec(specPath);
  const client = await findDrift(doc, clientSchemaText());
  const published = values.published ? await findPublishedDrift(doc, readPublished(values.published)) : [];
  const verdict = judge([...client, ...published], loadAllowlist());
  const out = process.stdout;
  out.write(`${specPath} against ${CLIENT_PACKAGE}@${clientVersion()}\n`);
  out.write(
    values.published
      ? `and against the published document ${values.published}\n`
      : "no published document given (PUBLISHED=path to compare with the real service's openapi.yaml)\n",
  );
  out.write(
    `${verdict.allowed.length} known difference(s), kept on purpose (spec/drift/client-allowlist.yaml)\n`,
  );
  if (verdict.stale.length > 0) {
    out.write(
      `\n${verdict.stale.length} stale allowlist entr${verdict.stale.length === 1 ? 'y' : 'ies'} (no such difference any more; remove them):\n`,
    );
    for (const s of verdict.stale) out.write(`  ${s.operation} | ${s.kind} | ${s.where || '(operation)'}\n`);
  }
  const unlisted = new Set(verdict.unlisted);
  const fromClient = client.filter((f) => unlisted.has(f));
  const fromPublished = published.filter((f) => unlisted.has(f));
  if (fromClient.length)
    out.write(
      `\n${fromClient.length} unlisted difference(s) with the client:\n${findingsTable(fromClient)}\n`,
    );
  if (fromPublished.length)
    out.write(
      `\n${fromPublished.length} unlisted difference(s) with the published document:\n${findingsTable(fromPublished, 'published')}\n`,
    );
  if (unlisted.size > 0) {
    out.write(
      '\nFix the spec, or list the difference with its reason in spec/drift/client-allowlist.yaml.\n',
    );
    process.exitCode = 1;
    return;
  }
  out.write('no unlisted difference\n');
}

main().catch((err: Error) => {
  process.stderr.write(`make drift: ${err.message}\n`);
  process.exitCode = 2;
});
