import type { ClarityAbi, ClarityAbiFunction, ClarityAbiType } from '@stacks/transactions';

/** A parsed S-expression: an atom, or a list of them. */
type Sexp = string | Sexp[];

/**
 * A deployed contract's interface (`contract_interface`) read from its source alone, where no
 * Clarity engine gives the node's own (engine-interfaces.ts): its public and read-only functions
 * with their argument types, every output `none`. The real service names a contract call's
 * signature and argument types from it, so it is the source's own, not a second list kept beside it.
 */
export function abiOf(source: string): ClarityAbi {
  const functions: ClarityAbiFunction[] = [];
  for (const form of parseForms(source)) {
    if (!Array.isArray(form) || form.length < 2) continue;
    const [head, signature] = form;
    const access =
      head === 'define-public' ? 'public' : head === 'define-read-only' ? 'read_only' : undefined;
    if (!access || !Array.isArray(signature)) continue;
    const [name, ...params] = signature;
    if (typeof name !== 'string') continue;
    functions.push({
      name,
      access,
      args: params.map((p) => {
        if (!Array.isArray(p) || typeof p[0] !== 'string' || p[1] === undefined)
          throw new Error(`function ${name}: a parameter that is not (name type)`);
        return { name: p[0], type: abiType(p[1]) };
      }),
      outputs: { type: 'none' },
    });
  }
  return {
    functions,
    variables: [],
    maps: [],
    fungible_tokens: [],
    non_fungible_tokens: [],
  };
}

/** A Clarity type expression as the ABI writes it (`uint` is `uint128`, `buff` a buffer…). */
function abiType(t: Sexp): ClarityAbiType {
  if (typeof t === 'string') {
    const primitive: Record<string, ClarityAbiType> = {
      uint: 'uint128',
      int: 'int128',
      bool: 'bool',
      principal: 'principal',
    };
    const found = primitive[t];
    if (!found) throw new Error(`unknown Clarity type ${t}`);
    return found;
  }
  const [head, ...rest] = t;
  const length = (): number => Number(rest[0]);
  switch (head) {
    case 'buff':
      return { buffer: { length: length() } };
    case 'string-ascii':
      return { 'string-ascii': { length: length() } };
    case 'string-utf8':
      return { 'string-utf8': { length: length() } };
    case 'optional':
      return { optional: abiType(rest[0] as Sexp) };
    case 'list':
      return { list: { type: abiType(rest[1] as Sexp), length: length() } };
    case 'response':
      return { response: { ok: abiType(rest[0] as Sexp), error: abiType(rest[1] as Sexp) } };
    case 'tuple':
      // A node keeps a tuple type's fields sorted by name (a BTreeMap), whatever the source's order.
      return {
        tuple: [...rest]
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
          .map((field) => {
            if (!Array.isArray(field) || typeof field[0] !== 'string' || field[1] === undefined)
              throw new Error('a tuple field that is not (name type)');
            return { name: field[0], type: abiType(field[1]) };
          }),
      };
    default:
      throw new Error(`unknown Clarity type (${String(head)} …)`);
  }
}

/** The top-level forms of a Clarity source; comments (`;;`) and string literals are skipped over. */
function parseForms(source: string): Sexp[] {
  const tokens = source
    .replace(/;;[^\n]*/g, ' ')
    .replace(/"(?:[^"\\]|\\.)*"/g, ' "" ')
    .replace(/([()])/g, ' $1 ')
    .split(/\s+/)
    .filter(Boolean);
  const stack: Sexp[][] = [[]];
  for (const token of tokens) {
    if (token === '(') stack.push([]);
    else if (token === ')') {
      const done = stack.pop();
      const parent = stack[stack.length - 1];
      if (!done || !parent) throw new Error('unbalanced parentheses in a contract source');
      parent.push(done);
    } else (stack[stack.length - 1] as Sexp[]).push(token);
  }
  if (stack.length !== 1) throw new Error('unbalanced parentheses in a contract source');
  return stack[0] as Sexp[];
}
