/** Hex digit values by character code; -1 for a character that is not one. */
const HEX_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUES['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUES['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const U64_MAX = 0xffff_ffff_ffff_ffffn;
const encoder = new TextEncoder();

/** A value does not fit where the wire format puts it: says which and why. */
export class WireError extends Error {}

/**
 * Bytes appended in order into one growing buffer, big-endian as SIP-005 writes its integers. One
 * writer serves many encodings in turn (`reset`), so a transaction costs no allocation but the copy
 * `bytes()` returns.
 */
export class ByteWriter {
  private buf = new Uint8Array(1024);
  private view = new DataView(this.buf.buffer);
  private at = 0;

  reset(): this {
    this.at = 0;
    return this;
  }

  /** A copy of what was written since the last `reset`. */
  bytes(): Uint8Array {
    return this.buf.slice(0, this.at);
  }

  u8(value: number): void {
    this.room(1);
    this.buf[this.at++] = value;
  }

  u16(value: number): void {
    this.room(2);
    this.view.setUint16(this.at, value);
    this.at += 2;
  }

  u32(value: number): void {
    this.room(4);
    this.view.setUint32(this.at, value);
    this.at += 4;
  }

  /** An unsigned 64-bit integer: a number (exact below 2^53), or a decimal string of any size up to 2^64 − 1. */
  u64(value: number | string, what: string): void {
    this.room(8);
    // Most values are safe integers: two 32-bit halves, without a bigint.
    const n = typeof value === 'number' ? value : value.length < 16 ? Number(value) : NaN;
    if (Number.isSafeInteger(n) && n >= 0) {
      this.view.setUint32(this.at, Math.floor(n / 2 ** 32));
      this.view.setUint32(this.at + 4, n >>> 0);
    } else {
      const big = BigInt(value);
      if (big < 0n || big > U64_MAX) throw new WireError(`${what} ${value} does not fit in 8 bytes`);
      this.view.setBigUint64(this.at, big);
    }
    this.at += 8;
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** Hex digits (`0x` or bare) as bytes; `length`, when given, is the byte count they must make. */
  hex(hex: string, what: string, length?: number): void {
    const n = hexLength(hex, what, length);
    this.room(n);
    decodeHex(hex, this.buf, this.at, n, what);
    this.at += n;
  }

  /** Text as UTF-8 after its byte length in `prefixBytes` bytes (1 or 4), at most `max` bytes. */
  lengthPrefixed(text: string, prefixBytes: 1 | 4, max: number, what: string): void {
    this.room(prefixBytes + text.length * 3);
    const { written } = encoder.encodeInto(text, this.buf.subarray(this.at + prefixBytes));
    if (written > max) throw new WireError(`${what} is ${written} bytes, more than ${max}`);
    if (prefixBytes === 1) this.buf[this.at] = written;
    else this.view.setUint32(this.at, written);
    this.at += prefixBytes + written;
  }

  /** `bytes` then zero bytes up to `length`. */
  padded(bytes: Uint8Array, length: number): void {
    this.room(length);
    this.buf.set(bytes, this.at);
    this.buf.fill(0, this.at + bytes.length, this.at + length);
    this.at += length;
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** Hex digits (`0x` or bare) as bytes, in a fresh array. */
export function parseHex(hex: string, what: string): Uint8Array {
  const n = hexLength(hex, what);
  const out = new Uint8Array(n);
  decodeHex(hex, out, 0, n, what);
  return out;
}

function hexLength(hex: string, what: string, length?: number): number {
  const n = (hex.length - (hex.startsWith('0x') ? 2 : 0)) / 2;
  if (!Number.isInteger(n) || (length !== undefined && n !== length))
    throw new WireError(`${what} ${hex} is not ${length ?? 'whole'} bytes of hex`);
  return n;
}

function decodeHex(hex: string, into: Uint8Array, at: number, n: number, what: string): void {
  const start = hex.length - 2 * n;
  for (let i = 0; i < n; i++) {
    const hi = HEX_VALUES[hex.charCodeAt(start + 2 * i)] ?? -1;
    const lo = HEX_VALUES[hex.charCodeAt(start + 2 * i + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new WireError(`${what} ${hex} is not hex`);
    into[at + i] = (hi << 4) | lo;
  }
}
