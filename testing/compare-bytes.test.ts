import { describe, expect, it } from 'vitest';

describe('byte arrays, as every test file but the contract suite’s compares them', () => {
  it('are equal when their bytes are, inside an answer too', () => {
    expect({ status: 200, bytes: new Uint8Array([123, 125]) }).toEqual({
      status: 200,
      bytes: Buffer.from('{}'),
    });
  });

  it('differ on one byte, on length, and from an array of the same numbers', () => {
    expect(new Uint8Array([1, 2, 3])).not.toEqual(new Uint8Array([1, 2, 4]));
    expect(new Uint8Array([1, 2, 3])).not.toEqual(new Uint8Array([1, 2]));
    expect({ bytes: new Uint8Array([1]) }).not.toEqual({ bytes: [1] });
  });
});
