/**
 * Reads the resource fields out of section 2 of the service description (the user's contract),
 * so the spec can be checked against it. The description is prose, so this parser knows its
 * three forms and fails loudly on anything else rather than silently checking less.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface DescribedField {
  name: string;
  type: JsonType;
}

export interface DescribedResource {
  /** `<section> <title>` or `<section> <title> › <label>`, e.g. `2.5 Service status › chain_tip`. */
  id: string;
  fields: DescribedField[];
}

/** The JSON type a description phrase names: `array of …`, `map keyed by …`, `confirmed-form Transaction`. */
function jsonTypeOf(phrase: string): JsonType {
  const text = phrase.trim().replace(/^(a|an)\s+/i, '');
  if (/^array\b/i.test(text)) return 'array';
  if (/^(object|map)\b/i.test(text)) return 'object';
  const scalar = /^(string|integer|number|boolean)s?\b/i.exec(text);
  if (scalar) return scalar[1]!.toLowerCase() as JsonType;
  // A named resource of the description ("a pending-form Transaction") is a JSON object.
  if (/\bTransaction\b/.test(text)) return 'object';
  throw new Error(`service description: cannot tell the JSON type of "${phrase}"`);
}

export function parseDescriptionFields(markdown: string): DescribedResource[] {
  const resources: DescribedResource[] = [];
  for (const section of resourceSections(markdown)) {
    resources.push(...tables(section), ...inlineLists(section));
  }
  return resources;
}

interface Section {
  number: string;
  title: string;
  lines: string[];
}

function resourceSections(markdown: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^###\s+(2\.\d+)\s+(.*)$/.exec(line);
    if (heading) {
      current = { number: heading[1]!, title: withoutParentheses(heading[2]!), lines: [] };
      sections.push(current);
    } else if (/^#{1,3}\s/.test(line)) {
      current = undefined;
    } else {
      current?.lines.push(line);
    }
  }
  if (sections.length === 0) throw new Error('service description: no "### 2.x" resource sections found');
  return sections;
}

function resourceId(section: Section, label: string): string {
  const base = `${section.number} ${section.title}`;
  return label && label !== section.title ? `${base} › ${label}` : base;
}

/** Tables with `Field` and `Type` columns; a table's label is the `…:` line that introduces it. */
function tables(section: Section): DescribedResource[] {
  const found: DescribedResource[] = [];
  const { lines } = section;
  for (let i = 0; i < lines.length; i++) {
    if (!isTableRow(lines[i]!) || (i > 0 && isTableRow(lines[i - 1]!))) continue;
    const header = cells(lines[i]!);
    const fieldColumn = header.indexOf('Field');
    const typeColumn = header.indexOf('Type');
    if (fieldColumn === -1 || typeColumn === -1) continue;
    const fields: DescribedField[] = [];
    let row = i + 2; // skip the |---| separator
    for (; row < lines.length && isTableRow(lines[row]!); row++) {
      const rowCells = cells(lines[row]!);
      fields.push({ name: unquote(rowCells[fieldColumn]!), type: jsonTypeOf(rowCells[typeColumn]!) });
    }
    found.push({ id: resourceId(section, tableLabel(lines, i)), fields });
    i = row;
  }
  return found;
}

function tableLabel(lines: string[], tableStart: number): string {
  for (let j = tableStart - 1; j >= 0; j--) {
    const line = lines[j]!.trim();
    if (line === '') continue;
    return line.endsWith(':') && !isTableRow(line) ? withoutParentheses(line.slice(0, -1)) : '';
  }
  return '';
}

/**
 * Lines like "PostCondition: `principal` (object …), `amount` (string)" or "`stx` members, all
 * strings unless noted: `balance`, …; integers: `lock_height`". Bullets and "not shown" lines are
 * not field lists.
 */
function inlineLists(section: Section): DescribedResource[] {
  const found: DescribedResource[] = [];
  for (const raw of section.lines) {
    const line = raw.trim();
    if (line === '' || isTableRow(line) || line.startsWith('- ') || /not shown/i.test(line)) continue;
    const colon = indexAtDepthZero(line, ':');
    const label = colon === -1 ? '' : line.slice(0, colon);
    const body = colon === -1 ? line : line.slice(colon + 1);
    const defaultType = /all (\w+) unless noted/i.exec(label)?.[1];
    const fields = fieldsOf(body, defaultType ? jsonTypeOf(defaultType) : undefined, section);
    if (fields.length > 0) found.push({ id: resourceId(section, labelName(label)), fields });
  }
  return found;
}

/** "`chain_tip`" → chain_tip; "TransactionEvent (inside a transaction)" → TransactionEvent; "A map …. Each value" → Each value. */
function labelName(label: string): string {
  const quoted = /^`([^`]+)`/.exec(label.trim());
  if (quoted) return quoted[1]!;
  const sentences = withoutParentheses(label).split(/\.\s+/);
  return sentences[sentences.length - 1]!.trim();
}

function fieldsOf(body: string, defaultType: JsonType | undefined, section: Section): DescribedField[] {
  const fields: DescribedField[] = [];
  // "; integers: `a`, `b`" switches the type of the names that follow.
  for (const segment of splitAtDepthZero(body, ';')) {
    let segmentType = defaultType;
    let text = segment;
    const switched = /^\s*(\w+):(.*)$/s.exec(segment);
    if (switched) {
      segmentType = jsonTypeOf(switched[1]!);
      text = switched[2]!;
    }
    for (const { name, typePhrase } of namesAtDepthZero(text)) {
      const type =
        typePhrase !== undefined ? jsonTypeOf(typePhrase) : (segmentType ?? untypedMemberType(name, section));
      fields.push({ name, type });
    }
  }
  return fields;
}

/**
 * A member list without types ("Object with four members: `tx_type_counts`, …") is typed by the
 * bullets under it; in 2.4 each member is keyed "per transaction type", i.e. a JSON object.
 */
function untypedMemberType(name: string, section: Section): JsonType {
  if (section.lines.some((line) => /per transaction type/i.test(line))) return 'object';
  throw new Error(`service description ${section.number}: no type given for \`${name}\``);
}

/** Backquoted names outside brackets, each with the first phrase of the "(…)" that follows it, if any. */
function namesAtDepthZero(text: string): { name: string; typePhrase?: string }[] {
  const names: { name: string; typePhrase?: string }[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (ch === '`' && depth === 0) {
      const end = text.indexOf('`', i + 1);
      const name = text.slice(i + 1, end);
      i = end;
      const after = /^\s*\(/.exec(text.slice(end + 1));
      if (!after) {
        names.push({ name });
        continue;
      }
      const open = end + after[0].length;
      const close = matchingParenthesis(text, open);
      const inner = text.slice(open + 1, close);
      const stop = Math.min(
        ...[',', ':'].map((c) => indexAtDepthZero(inner, c)).map((at) => (at === -1 ? inner.length : at)),
      );
      names.push({ name, typePhrase: inner.slice(0, stop) });
      i = close;
    }
  }
  return names;
}

function matchingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  throw new Error(`service description: unbalanced parenthesis in "${text}"`);
}

function indexAtDepthZero(text: string, target: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (ch === target && depth === 0) return i;
  }
  return -1;
}

function splitAtDepthZero(text: string, separator: string): string[] {
  const parts: string[] = [];
  let rest = text;
  for (let at = indexAtDepthZero(rest, separator); at !== -1; at = indexAtDepthZero(rest, separator)) {
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

function isTableRow(line: string): boolean {
  return line.trim().startsWith('|');
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

function unquote(text: string): string {
  return text.replace(/`/g, '').trim();
}

function withoutParentheses(text: string): string {
  return text.replace(/\s*\([^)]*\)/g, '').trim();
}
