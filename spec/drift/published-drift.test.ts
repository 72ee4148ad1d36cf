import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec, type Document } from '../load.ts';
import { judge, loadAllowlist, type Finding } from './client-drift.ts';
import { findPublishedDrift, readPublished } from './published-drift.ts';
import { sharedFileMissing } from '../../testing/skip-note.ts';

const MINIMAL = fileURLToPath(new URL('./fixtures/published-minimal.yaml', import.meta.url));
/** The real service's published document, where the shared reference beside the project holds it (never copied in). */
const REAL = fileURLToPath(
  new URL('../../../shared/reference/real-service-v9.0.2-excerpt.openapi.json', import.meta.url),
);

/** A copy of the spec changed by `change` on the raw operation of `path`. */
function specWith(path: string, change: (op: Record<string, unknown>) => void): Document {
  const copy = structuredClone(loadSpec());
  change(copy.paths![path]!.get as unknown as Record<string, unknown>);
  return copy;
}

function ops(findings: Finding[], kind: Finding['kind']): string[] {
  return findings.filter((f) => f.kind === kind).map((f) => f.operationId);
}

// Each test lowers the spec (and a published document) through openapi-typescript: seconds of
// CPU, so the bound is on a hang, not a timing target.
describe("drift against the real service's published document", { timeout: 180_000 }, () => {
  it('knows it leaves deprecated operations out: only an operation it lacks and the spec does not deprecate is named', async () => {
    const findings = await findPublishedDrift(loadSpec(), readPublished(MINIMAL));
    // The stand-in publishes the status and some of the v3 routes only.
    expect(ops(findings, 'deprecation').sort()).toEqual([
      'get_block',
      'get_mempool_transaction_stats',
      'get_principal_balance_changes',
      'get_principal_balance_ft',
      'get_principal_nonces',
      'get_transaction',
      'get_tx_list_details',
    ]);
    expect(ops(findings, 'replacement')).toEqual([]);
  });

  it('names a replacement route the document does not publish', async () => {
    const doc = specWith('/extended/v1/address/{principal}/transactions_with_transfers', (op) => {
      (op['x-replaced-by'] as { routes: string[] }).routes = [
        'GET /extended/v2/addresses/{address}/transactions',
      ];
    });
    const findings = await findPublishedDrift(doc, readPublished(MINIMAL));
    expect(findings).toContainEqual({
      operationId: 'get_account_transactions_with_transfers',
      kind: 'replacement',
      where: '',
      spec: 'GET /extended/v2/addresses/{address}/transactions',
      client: 'no such route published',
    });
  });

  it('names an operation the spec does not deprecate in that release and the document leaves out', async () => {
    const doc = specWith('/extended/v2/addresses/{address}/transactions/{tx_id}/events', (op) => {
      op['x-deprecated-since'] = '9.1.0';
    });
    expect(ops(await findPublishedDrift(doc, readPublished(MINIMAL)), 'deprecation')).toContain(
      'get_address_transaction_events',
    );
  });

  it('is clean against the real v9.0.2 document', async (ctx) => {
    const missing = sharedFileMissing(
      "the spec against the real service's published v9.0.2 document",
      REAL,
      existsSync(REAL),
    );
    if (missing) return ctx.skip(missing);
    const verdict = judge(await findPublishedDrift(loadSpec(), readPublished(REAL)), loadAllowlist());
    expect(verdict.unlisted).toEqual([]);
  });
});
