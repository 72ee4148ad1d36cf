import { urlFor } from '../spec/load.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { RestoredWorld } from './control/live-chain.ts';
import { WorldQueries } from './query/world-queries.ts';
import { knowSampleUrls, sampleUrls } from './sample-urls.ts';
import { buildChain } from './world/generate/build-chain.ts';
import { resolveOptions, type WorldOptions } from './world/options.ts';
import { Rng } from './world/rng.ts';
import { AmountColumn } from './world/tables/amount-column.ts';
import { BlockTable } from './world/tables/block-table.ts';
import { noteGenerated, type Chain } from './world/tables/chain.ts';
import { HashedIds } from './world/tables/hashed-ids.ts';
import { IdColumn } from './world/tables/id-column.ts';
import { MicroblockTable } from './world/tables/microblocks.ts';
import { NarrowColumn } from './world/tables/narrow-column.ts';
import { Principals } from './world/tables/principals.ts';
import { SparseColumn } from './world/tables/sparse-column.ts';
import { TxTable } from './world/tables/tx-table.ts';
import { bindTxIds } from './world/wire/tx-ids.ts';

/**
 * The default world, built once by `npm run build` and restored at start (docs/performance.md):
 * its tables are typed arrays, which V8's serializer copies as they are, and a few dozen objects.
 * Sits beside tsc's output of this file, so the sources (no build) never find one and build.
 */
export const DEFAULT_WORLD_PATH = fileURLToPath(new URL('./default-world.bin', import.meta.url));

/** The classes a chain's tables are made of: a restored object gets its class's prototype back. */
const CLASSES: readonly (abstract new (...args: never[]) => object)[] = [
  Principals,
  BlockTable,
  TxTable,
  AmountColumn,
  IdColumn,
  HashedIds,
  NarrowColumn,
  SparseColumn,
  MicroblockTable,
  Rng,
];
/** The only functions a table holds: the typed array it grows its column as. */
const ARRAY_KINDS = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array];

interface Payload {
  chain: Chain;
  catalogue: ReturnType<WorldQueries['catalogue']>;
  /** The banner's and `/`'s sample URLs (mocks/sample-urls.ts). */
  samples: Record<string, string>;
  /** Each object that was an instance of a class, and the class's place in `CLASSES`. */
  instances: [object, number][];
  /** Each property that held a typed array's constructor: the object, the key, its place in `ARRAY_KINDS`. */
  kinds: [object, string, number][];
}

/**
 * What the snapshot was made for: the world's options. Not the V8 that wrote it: V8's serializer
 * reads every older format (Node's v8 docs: "backward-compatible, safe to store to disk"), so the
 * build's snapshot serves Node 22 and 24 as it serves the Node that wrote it; a format newer than
 * this V8 reads is refused in decodeWorld. A world file's world is never snapshotted.
 */
export function snapshotKey(options: WorldOptions): string | undefined {
  if (options.declared) return undefined;
  return JSON.stringify({ options });
}

/**
 * The chain as plain objects V8 can serialize, sharing what the original shares: class
 * instances become plain objects noted in `instances`, typed-array constructors are noted in
 * `kinds`. The chain itself is not touched.
 */
function plainCopy(chain: Chain): Pick<Payload, 'chain' | 'instances' | 'kinds'> {
  const copies = new Map<object, object>();
  const instances: [object, number][] = [];
  const kinds: [object, string, number][] = [];
  const copy = (value: unknown, where: string): unknown => {
    if (typeof value === 'function') throw new TypeError(`world snapshot: a function at ${where}`);
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
    const done = copies.get(value);
    if (done) return done;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      copies.set(value, out);
      value.forEach((v, i) => out.push(copy(v, `${where}[${i}]`)));
      return out;
    }
    if (value instanceof Map) {
      const out = new Map();
      copies.set(value, out);
      for (const [k, v] of value) out.set(copy(k, `${where} key`), copy(v, `${where}.get(${String(k)})`));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as object | null;
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    if (proto !== Object.prototype) {
      const at = CLASSES.findIndex((c) => c.prototype === proto);
      if (at < 0)
        throw new TypeError(`world snapshot: ${where} is a ${proto?.constructor.name}, not a table class`);
      instances.push([out, at]);
    }
    for (const [key, v] of Object.entries(value)) {
      const kind = ARRAY_KINDS.indexOf(v as (typeof ARRAY_KINDS)[number]);
      if (kind >= 0) kinds.push([out, key, kind]);
      else out[key] = copy(v, `${where}.${key}`);
    }
    return out;
  };
  return { chain: copy(chain, 'chain') as Chain, instances, kinds };
}

/**
 * The snapshot's bytes: its key's length (4 bytes), the key, padded with spaces so that V8's
 * serialization of the world, which follows, starts 8-aligned: its typed arrays then restore as
 * views of the bytes where aligned, as from a copy starting at 0 (Node's deserializer copies each
 * one that is not).
 */
export function encodeWorld(options: WorldOptions): Buffer {
  const key = snapshotKey(options);
  if (key === undefined) throw new TypeError('world snapshot: a world file world is built, not restored');
  const chain = buildChain(options);
  // Each id's first word now, so that a restored world's id index is sorted without hashing a row.
  for (let row = 0; row < chain.txs.count; row++) chain.txs.idWord(row, 0);
  const queries = new WorldQueries(chain);
  // Read before the copy, which shares the tables' typed arrays: reading moves an id column's
  // cursor (its row, copied as a number, and its state, a shared array), and both must be one read's.
  const catalogue = queries.catalogue();
  const samples = sampleUrls(queries, urlFor);
  const payload: Payload = { ...plainCopy(chain), catalogue, samples };
  const unpadded = Buffer.from(key);
  const head = Buffer.concat([unpadded, Buffer.alloc((8 - ((4 + unpadded.length) % 8)) % 8, ' ')]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  return Buffer.concat([length, head, serialize(payload)]);
}

/** The offset of V8's format version in a serialization: after its 0xff tag. */
const FORMAT_VERSION_AT = 1;
/** The newest serialization format this V8 reads: the one it writes. */
const FORMAT_VERSION = serialize(null)[FORMAT_VERSION_AT] as number;

/**
 * The world in `bytes` when it was made for `options` in a format this V8 reads, else undefined
 * (the caller builds it). Each call gives a world of its own; `owned`: the caller hands the bytes
 * over, which the world's tables then are (a start's one restore, from the file it just read).
 */
export function decodeWorld(bytes: Buffer, options: WorldOptions, owned = false): RestoredWorld | undefined {
  const key = snapshotKey(options);
  const length = bytes.readUInt32LE(0);
  if (key === undefined || bytes.toString('utf8', 4, 4 + length).trimEnd() !== key) return undefined;
  const serialized = bytes.subarray(4 + length);
  if ((serialized[FORMAT_VERSION_AT] ?? Infinity) > FORMAT_VERSION) return undefined;
  // Node's deserializer makes each typed array a view of the bytes it reads: from a copy, so that
  // what one restored world writes in its tables (an id column's cursor, as it reads) is no other's.
  const payload = deserialize(owned ? serialized : Buffer.from(serialized)) as Payload;
  for (const [object, at] of payload.instances)
    Object.setPrototypeOf(object, (CLASSES[at] as Function).prototype);
  for (const [object, key, at] of payload.kinds) (object as Record<string, unknown>)[key] = ARRAY_KINDS[at];
  bindTxIds(payload.chain);
  knowSampleUrls(payload.chain, payload.samples);
  noteGenerated(payload.chain);
  return { chain: payload.chain, catalogue: payload.catalogue };
}

/** `npm run build`: the default world's snapshot beside tsc's output of this file. */
export function writeDefaultWorld(path: string): void {
  writeFileSync(path, encodeWorld(resolveOptions({})));
}

/** False once the build's snapshot was found missing (the sources): not looked for again. */
let snapshotThere = true;

/**
 * The LiveChain's restorer in Node: the default world from the build's snapshot, read for each
 * restore and handed over to it (a copy of bytes read once per process cost a start's one
 * restore another 420 KB of fresh memory: 100 page faults, 1.5-2 ms of CPU on these machines);
 * undefined (build it) for any other world, or where there is no snapshot (the sources).
 */
export function restoreDefaultWorld(options: WorldOptions): RestoredWorld | undefined {
  if (options.declared || !snapshotThere) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(DEFAULT_WORLD_PATH);
  } catch {
    snapshotThere = false;
    return undefined;
  }
  return decodeWorld(bytes, options, true);
}
