import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDescriptionFields } from '../testing/drift/description-fields.ts';
import { fieldDrift, formatDriftProblem, type SchemaTarget } from '../testing/drift/field-drift.ts';
import { loadSpec, type Document } from './load.ts';
import { sharedFileMissing, skipBecause } from '../testing/skip-note.ts';

const DESCRIPTION =
  process.env.SERVICE_DESCRIPTION ??
  fileURLToPath(new URL('../../shared/service/service-description.md', import.meta.url));
const present = existsSync(DESCRIPTION);
const missing = sharedFileMissing(
  'the spec against the service description (every field it describes, in the schemas; set SERVICE_DESCRIPTION to check another copy)',
  DESCRIPTION,
  present,
);

/**
 * The schemas that model each resource of the description. Where the description shows one
 * variant of a union (a `stx` post-condition, a `smart_contract_log` event) it maps to that
 * variant; where a resource appears in several places, to each of them.
 */
const MAPPING: Record<string, SchemaTarget[]> = {
  '2.1 Block': ['Block'],
  '2.2 Transaction › Common fields': ['MempoolTransaction', 'ConfirmedTransaction'],
  '2.2 Transaction › Additional fields of the confirmed form': ['ConfirmedTransaction'],
  '2.2 Transaction › PostCondition': ['StxPostCondition'],
  '2.2 Transaction › Fields of the pending form': ['MempoolTransaction'],
  '2.2 Transaction › TransactionEvent': ['SmartContractLogEvent'],
  '2.3 Multiple-transaction lookup entry › Each value': ['TransactionListDetailsEntry'],
  '2.4 Mempool statistics › Object with four members': ['MempoolTransactionStats'],
  '2.5 Service status': ['ServerStatus'],
  '2.5 Service status › chain_tip': ['ServerStatus.chain_tip'],
  '2.6 Paginated list envelope': ['AddressTransactionEventPage', 'TransactionsWithTransfersPage'],
  '2.7 Address transaction event': [
    'StxAddressTransactionEvent',
    'FtAddressTransactionEvent',
    'NftAddressTransactionEvent',
  ],
  '2.8 Transaction with transfers': ['TransactionWithTransfers'],
  '2.9 Address balances': ['AddressBalances'],
  '2.9 Address balances › stx': ['AddressBalances.stx'],
  '2.9 Address balances › token_offering_locked': ['AddressBalances.token_offering_locked'],
};

function drift(doc: Document, markdown: string): string[] {
  return fieldDrift(doc, parseDescriptionFields(markdown), MAPPING).map(formatDriftProblem);
}

function mutableSpec(): Document {
  return structuredClone(loadSpec());
}

function schemaProperties(doc: Document, name: string): Record<string, unknown> {
  return doc.components!.schemas![name]!.properties as Record<string, unknown>;
}

describe.skipIf(skipBecause(missing))('spec/openapi.yaml against the service description', () => {
  const markdown = present ? readFileSync(DESCRIPTION, 'utf8') : '';

  it('has every described field, with the described JSON type', () => {
    const problems = drift(loadSpec(), markdown);
    expect(
      problems,
      `fields of the service description that the spec lacks or mistypes:\n${problems.join('\n')}`,
    ).toEqual([]);
  });

  it('reads every resource of section 2, field by field', () => {
    const resources = parseDescriptionFields(markdown);
    expect(resources.map((r) => r.id).sort()).toEqual(Object.keys(MAPPING).sort());
    const fields = (id: string) => resources.find((r) => r.id === id)?.fields;
    // The forms the parser must get right: a "; integers:" switch, an untyped member list, a
    // resource named by its role, and a second table in one section.
    expect(fields('2.9 Address balances › stx')).toContainEqual({ name: 'lock_tx_id', type: 'string' });
    expect(fields('2.9 Address balances › stx')).toContainEqual({
      name: 'burnchain_unlock_height',
      type: 'integer',
    });
    expect(fields('2.4 Mempool statistics › Object with four members')).toHaveLength(4);
    expect(fields('2.3 Multiple-transaction lookup entry › Each value')).toContainEqual({
      name: 'result',
      type: 'object',
    });
    expect(fields('2.2 Transaction › Additional fields of the confirmed form')).toHaveLength(24);
  });

  it('reports exactly the fields removed or retyped in a copy of the spec', () => {
    const doc = mutableSpec();
    delete schemaProperties(doc, 'BlockHeader').miner_txid;
    schemaProperties(doc, 'StxBalance').lock_height = { type: 'string' };
    // Reached only through ConfirmedTransaction's allOf, and TransactionPayload's oneOf.
    schemaProperties(doc, 'ConfirmedTransactionFields').tx_index = { type: ['string', 'null'] };
    delete schemaProperties(doc, 'TokenTransferPayload').token_transfer;

    expect(drift(doc, markdown).sort()).toEqual(
      [
        '2.1 Block: Block.miner_txid missing',
        '2.9 Address balances › stx: AddressBalances.stx.lock_height has type string (the description says integer)',
        '2.2 Transaction › Additional fields of the confirmed form: ConfirmedTransaction.tx_index has type string | null (the description says integer)',
        '2.2 Transaction › Common fields: MempoolTransaction.token_transfer missing',
        '2.2 Transaction › Common fields: ConfirmedTransaction.token_transfer missing',
      ].sort(),
    );
  });

  it('reports a field added to the description that the spec lacks', () => {
    const extended = markdown.replace(
      '| miner_txid | string |',
      '| miner_txid | string |\n| signer_bitvec | string |',
    );
    expect(extended).not.toBe(markdown);
    expect(drift(loadSpec(), extended)).toEqual(['2.1 Block: Block.signer_bitvec missing']);
  });

  it('fails loudly when the description gains a resource the mapping does not know', () => {
    const extended = `${markdown}\n### 2.10 Fee estimate\n\n| Field | Type |\n|---|---|\n| fee | string |\n`;
    expect(() => drift(loadSpec(), extended)).toThrow(/unmapped resources \[2\.10 Fee estimate\]/);
  });
});
