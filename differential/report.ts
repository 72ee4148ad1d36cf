import { listedFor, type ListedDifference } from './listed.ts';
import type { Tally } from './tally.ts';

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)}%`;
}

/** A value in a table cell: JSON, cut short, with the pipes Markdown would read as columns escaped. */
function cell(value: unknown): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  const short = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  return `\`${short.replace(/\|/g, '\\|').replace(/`/g, "'")}\``;
}

/** The differential run as Markdown: per operation the JSON-equal answers, then each differing field with an example and its reason. */
export function markdownReport(
  title: string,
  tally: Tally,
  listed: readonly ListedDifference[],
  release: string,
  about: readonly string[],
): string {
  const lines = [`# Differential run: ${title}`, '', ...about, ''];
  lines.push(
    `**${tally.equal} of ${tally.answers} answers JSON-equal (${percent(tally.equal, tally.answers)})** in status and body, ${tally.headersEqual} also in the compared headers (\`Warning\`, \`Cache-Control\`, \`ETag\` present, \`X-API-Version\`, the 304 to a conditional request; whether that 304 carries an ETag aside); ${tally.explained} differ only in listed differences, ${tally.notExplained} in a difference not listed.`,
    '',
    '| operation | answers | JSON-equal | share | headers equal too | differing only in listed fields | not explained |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [id, op] of [...tally.operations].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(
      `| \`${id}\` | ${op.answers} | ${op.equal} | ${percent(op.equal, op.answers)} | ${op.headersEqual} | ${op.explained} | ${op.notExplained} |`,
    );
  lines.push('', '## Differences by field', '');
  const rows: string[] = [];
  for (const [id, op] of [...tally.operations].sort(([a], [b]) => a.localeCompare(b)))
    for (const f of [...op.fields.values()].sort((a, b) => b.count - a.count)) {
      const known = listedFor(listed, { operation: id, group: f.group, release }, f.field);
      rows.push(
        `| \`${id}\` | \`${f.field}\` | ${f.group} | ${f.count} | \`${f.example.path.length > 90 ? `${f.example.path.slice(0, 87)}…` : f.example.path}\` | ${cell(f.example.mock)} | ${cell(f.example.real)} | ${known ? `${known.kind}: ${known.reason}` : '**not listed**'} |`,
      );
    }
  if (rows.length === 0) lines.push('None: every answer is JSON-equal.');
  else
    lines.push(
      '| operation | field | requests | answers | example request | mock | real service | reason |',
      '|---|---|---|---:|---|---|---|---|',
      ...rows,
    );
  return `${lines.join('\n')}\n`;
}
