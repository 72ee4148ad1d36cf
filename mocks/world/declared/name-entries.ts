import { FIRST_NAME_HEIGHT } from '../tables/bns-names.ts';
import type { DeclaredName, EntryRef } from './plan.ts';
import type { FileName } from './world-file.ts';

type Path = (string | number)[];

/** What the schema lets a name be (world.schema.json's bnsName). */
const NAME = /^[a-z0-9_-]{1,48}\.(btc|id)$/;

/** What checking a file's names needs of its compiler. */
export interface NameContext {
  /** A standard principal's address ('' once its problem is reported). */
  principal(text: string, path: Path): string;
  problem(path: Path, message: string): void;
  ref(path: Path): EntryRef;
  blocks(): number;
}

/**
 * A world file's `names`, each registered through BNS calls of its owner's (a preorder, then the
 * registration at its height: world/generate/bns-names.ts). A name declared twice, a second
 * name of one owner (BNS lets a principal hold one), a height below the first a name can be
 * registered at or past the tip is a problem of its line; so is an owner who cannot pay, found
 * as the chain is built.
 */
export function declareNames(entries: readonly [FileName, number][], ctx: NameContext): DeclaredName[] {
  const seen = new Set<string>();
  const owners = new Map<string, string>();
  return entries.flatMap(([n, i]) => {
    const path = ['names', i];
    const owner = ctx.principal(n.owner, [...path, 'owner']);
    const height = n.height ?? 0;
    if (seen.has(n.name)) {
      ctx.problem([...path, 'name'], `${n.name} is declared twice (a name has one owner)`);
      return [];
    }
    seen.add(n.name);
    if (height !== 0 && height < FIRST_NAME_HEIGHT) {
      ctx.problem(
        [...path, 'height'],
        `height ${height} comes before the namespaces' launch: a name is registered at height ${FIRST_NAME_HEIGHT} or later`,
      );
      return [];
    }
    if (Math.max(height, FIRST_NAME_HEIGHT) > ctx.blocks()) {
      ctx.problem(
        [...path, 'height'],
        `height ${Math.max(height, FIRST_NAME_HEIGHT)} is past the chain tip at ${ctx.blocks()} (raise blocks: in the file or --blocks)`,
      );
      return [];
    }
    // A name the schema refused (its own problem) holds no owner's one name.
    if (!owner || !NAME.test(n.name)) return [];
    const held = owners.get(owner);
    if (held !== undefined) {
      ctx.problem(
        [...path, 'owner'],
        `${n.owner} already owns ${held}, and BNS lets an address own one name (give ${n.name} another owner)`,
      );
      return [];
    }
    owners.set(owner, n.name);
    const dot = n.name.lastIndexOf('.');
    return [
      {
        ...ctx.ref(path),
        name: n.name,
        namespace: n.name.slice(dot + 1),
        owner,
        height,
        zonefile: n.zonefile ?? '',
      },
    ];
  });
}
