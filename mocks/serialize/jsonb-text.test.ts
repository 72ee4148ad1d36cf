import { describe, expect, it } from 'vitest';
import { jsonbText } from './jsonb-text.ts';

describe('jsonbText', () => {
  it('orders keys as jsonb does: shorter first, then by bytes, at every depth; arrays keep their order', () => {
    const abi = {
      functions: [{ name: 'transfer', access: 'public', args: [], outputs: { type: 'none' } }],
      variables: [],
      maps: [],
      fungible_tokens: [],
      non_fungible_tokens: [],
      epoch: 'Epoch30',
      clarity_version: 'Clarity2',
    };
    // As the real service answered a contract's `abi` from its jsonb column.
    expect(jsonbText(abi)).toBe(
      '{"maps":[],"epoch":"Epoch30","functions":[{"args":[],"name":"transfer","access":"public","outputs":{"type":"none"}}],"variables":[],"clarity_version":"Clarity2","fungible_tokens":[],"non_fungible_tokens":[]}',
    );
  });

  it('compares key lengths and keys in UTF-8 bytes (é is two), drops undefined members, and writes null for an undefined item', () => {
    expect(jsonbText({ é: 1, z: 2, ab: 3, gone: undefined })).toBe('{"z":2,"ab":3,"é":1}');
    expect(jsonbText([undefined, 'a', 1.5, true])).toBe('[null,"a",1.5,true]');
    expect(JSON.parse(jsonbText({ b: { d: [1, { y: 1, x: 2 }], c: null } }))).toEqual({
      b: { d: [1, { y: 1, x: 2 }], c: null },
    });
  });
});
