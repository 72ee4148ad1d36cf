const BYTE_HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** `0x`-prefixed lowercase hex of `length` bytes of `bytes` starting at `offset`. */
export function toHex(bytes: Uint8Array, offset = 0, length = bytes.length - offset): string {
  let s = '0x';
  for (let i = offset; i < offset + length; i++) s += BYTE_HEX[bytes[i] as number];
  return s;
}

/** Hex without the prefix, for APIs (c32check) that want bare hex. */
export function toBareHex(bytes: Uint8Array, offset = 0, length = bytes.length - offset): string {
  return toHex(bytes, offset, length).slice(2);
}

const HASH_PATTERN = /^0x[0-9a-f]{64}$/;

/** The 32 bytes of a normalized (`0x` + 64 lowercase hex) hash, or undefined if malformed. */
export function parseHash32(hash: string): Uint8Array | undefined {
  if (!HASH_PATTERN.test(hash)) return undefined;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hash.slice(2 + i * 2, 4 + i * 2), 16);
  return out;
}

export function asciiHex(text: string): string {
  let s = '0x';
  for (let i = 0; i < text.length; i++) s += BYTE_HEX[text.charCodeAt(i) & 0xff];
  return s;
}

/** The little-endian 32-bit word at `at` of `bytes`: how the tables read a key's first four bytes. */
export function readWord(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}
