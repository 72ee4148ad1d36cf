import type { ClarityValue } from '@stacks/transactions';

/** A type as a contract's interface (`GET /v2/contracts/interface`) writes it. */
export type AbiType =
  | 'none'
  | 'int128'
  | 'uint128'
  | 'bool'
  | 'principal'
  | 'trait_reference'
  | { buffer: { length: number } }
  | { 'string-ascii': { length: number } }
  | { 'string-utf8': { length: number } }
  | { optional: AbiType }
  | { response: { ok: AbiType; error: AbiType } }
  | { list: { type: AbiType; length: number } }
  | { tuple: readonly { name: string; type: AbiType }[] };

/** Whether `value` is of `type`, as the node checks a call's arguments before its mempool takes it. */
export function admits(type: AbiType, value: ClarityValue): boolean {
  if (typeof type === 'string') {
    switch (type) {
      case 'int128':
        return value.type === 'int';
      case 'uint128':
        return value.type === 'uint';
      case 'bool':
        return value.type === 'true' || value.type === 'false';
      case 'principal':
      case 'trait_reference':
        return value.type === 'address' || value.type === 'contract';
      case 'none':
        return false;
    }
  }
  if ('buffer' in type) return value.type === 'buffer' && value.value.length / 2 <= type.buffer.length;
  if ('string-ascii' in type)
    return value.type === 'ascii' && value.value.length <= type['string-ascii'].length;
  if ('string-utf8' in type)
    return (
      value.type === 'utf8' && new TextEncoder().encode(value.value).length <= type['string-utf8'].length
    );
  if ('optional' in type)
    return value.type === 'none' || (value.type === 'some' && admits(type.optional, value.value));
  if ('response' in type)
    return (
      (value.type === 'ok' && admits(type.response.ok, value.value)) ||
      (value.type === 'err' && admits(type.response.error, value.value))
    );
  if ('list' in type)
    return (
      value.type === 'list' &&
      value.value.length <= type.list.length &&
      value.value.every((v) => admits(type.list.type, v))
    );
  if (value.type !== 'tuple') return false;
  const fields = Object.keys(value.value);
  return (
    fields.length === type.tuple.length &&
    type.tuple.every(
      (f) => value.value[f.name] !== undefined && admits(f.type, value.value[f.name] as ClarityValue),
    )
  );
}

/** The type as Clarity source writes it (`uint`, `(buff 34)`): the API's `function_args[].type`. */
export function typeText(type: AbiType): string {
  if (typeof type === 'string') {
    if (type === 'int128') return 'int';
    if (type === 'uint128') return 'uint';
    return type;
  }
  if ('buffer' in type) return `(buff ${type.buffer.length})`;
  if ('string-ascii' in type) return `(string-ascii ${type['string-ascii'].length})`;
  if ('string-utf8' in type) return `(string-utf8 ${type['string-utf8'].length})`;
  if ('optional' in type) return `(optional ${typeText(type.optional)})`;
  if ('response' in type) return `(response ${typeText(type.response.ok)} ${typeText(type.response.error)})`;
  if ('list' in type) return `(list ${type.list.length} ${typeText(type.list.type)})`;
  return `(tuple ${type.tuple.map((f) => `(${f.name} ${typeText(f.type)})`).join(' ')})`;
}

/** The type as the node's Rust `Debug` prints a `TypeSignature`, for its refusal's message. */
export function debugType(type: AbiType): string {
  if (typeof type === 'string') {
    const simple = {
      int128: 'IntType',
      uint128: 'UIntType',
      bool: 'BoolType',
      principal: 'PrincipalType',
      trait_reference: 'PrincipalType',
      none: 'NoType',
    };
    return simple[type];
  }
  if ('buffer' in type) return `SequenceType(BufferType(BufferLength(${type.buffer.length})))`;
  if ('string-ascii' in type)
    return `SequenceType(StringType(ASCII(BufferLength(${type['string-ascii'].length}))))`;
  if ('string-utf8' in type)
    return `SequenceType(StringType(UTF8(StringUTF8Length(${type['string-utf8'].length}))))`;
  if ('optional' in type) return `OptionalType(${debugType(type.optional)})`;
  if ('response' in type)
    return `ResponseType((${debugType(type.response.ok)}, ${debugType(type.response.error)}))`;
  if ('list' in type)
    return `SequenceType(ListType(ListTypeData { max_len: ${type.list.length}, entry_type: ${debugType(type.list.type)} }))`;
  return `TupleType(TupleTypeSignature { ${type.tuple.map((f) => `"${f.name}": ${debugType(f.type)}`).join(', ')} })`;
}

/** The type of a value as the node infers it (`TypeSignature::type_of`), in its interface form. */
export function typeOfValue(value: ClarityValue): AbiType {
  switch (value.type) {
    case 'int':
      return 'int128';
    case 'uint':
      return 'uint128';
    case 'true':
    case 'false':
      return 'bool';
    case 'address':
    case 'contract':
      return 'principal';
    case 'buffer':
      return { buffer: { length: value.value.length / 2 } };
    case 'ascii':
      return { 'string-ascii': { length: value.value.length } };
    case 'utf8':
      return { 'string-utf8': { length: new TextEncoder().encode(value.value).length } };
    case 'none':
      return { optional: 'none' };
    case 'some':
      return { optional: typeOfValue(value.value) };
    case 'ok':
      return { response: { ok: typeOfValue(value.value), error: 'none' } };
    case 'err':
      return { response: { ok: 'none', error: typeOfValue(value.value) } };
    case 'list':
      return {
        list: { type: value.value[0] ? typeOfValue(value.value[0]) : 'none', length: value.value.length },
      };
    case 'tuple':
      return {
        tuple: Object.entries(value.value)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([name, v]) => ({ name, type: typeOfValue(v) })),
      };
    default:
      return 'none';
  }
}
