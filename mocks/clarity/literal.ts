import { Cl, type ClarityValue } from '@stacks/transactions';

/**
 * A Clarity value written as Clarity source, for a snippet that calls a function with it (a read
 * as of an older block runs as `(at-block … (contract-call? …))`).
 */
export function literalOf(value: ClarityValue): string {
  switch (value.type) {
    case 'int':
      return String(value.value);
    case 'uint':
      return `u${value.value}`;
    case 'true':
    case 'false':
      return value.type;
    case 'buffer':
      return `0x${value.value}`;
    case 'ascii':
      return JSON.stringify(value.value).replace(/\\u00([0-9a-f]{2})/g, '\\x$1');
    case 'utf8':
      return `u"${[...value.value].map(utf8Char).join('')}"`;
    case 'address':
    case 'contract':
      return `'${value.value}`;
    case 'none':
      return 'none';
    case 'some':
      return `(some ${literalOf(value.value)})`;
    case 'ok':
      return `(ok ${literalOf(value.value)})`;
    case 'err':
      return `(err ${literalOf(value.value)})`;
    case 'list':
      return `(list ${value.value.map(literalOf).join(' ')})`;
    case 'tuple':
      return `{${Object.entries(value.value)
        .map(([key, field]) => `${key}: ${literalOf(field)}`)
        .join(', ')}}`;
    default:
      throw new TypeError(`no Clarity literal for a value of type ${(value as { type: string }).type}`);
  }
}

function utf8Char(char: string): string {
  if (/^[ -~]$/.test(char) && char !== '"' && char !== '\\') return char;
  return `\\u{${(char.codePointAt(0) as number).toString(16)}}`;
}

export function valueOfHex(hex: string): ClarityValue {
  return Cl.deserialize(hex);
}
