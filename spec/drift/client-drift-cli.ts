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

/** `make drift [SPEC=path]`: the spec against the pinned official client; exit 1 on an unlisted difference. */
async function main(): Promise<void> {
  const specPath = process.argv[2] ?? SPEC_PATH;
  const verdict = judge(await findDrift(loadSpec(specPath), clientSchemaText()), loadAllowlist());
  const out = process.stdout;
  out.write(`${specPath} against ${CLIENT_PACKAGE}@${clientVersion()}\n`);
  out.write(
    `${verdict.allowed.length} known difference(s), kept on purpose (spec/drift/client-allowlist.yaml)\n`,
  );
  if (verdict.stale.length > 0) {
    out.write(
      `\n${verdict.stale.length} stale allowlist entr${verdict.stale.length === 1 ? 'y' : 'ies'} (no such difference any more; remove them):\n`,
    );
    for (const s of verdict.stale) out.write(`  ${s.operation} | ${s.kind} | ${s.where || '(operation)'}\n`);
  }
  if (verdict.unlisted.length > 0) {
    out.write(`\n${verdict.unlisted.length} unlisted difference(s):\n${findingsTable(verdict.unlisted)}\n`);
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
