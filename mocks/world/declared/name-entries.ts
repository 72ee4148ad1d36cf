import { Status } from '../tables/kinds.ts';
import type { DeclaredName, DeclaredTx, EntryRef } from './plan.ts';
import type { FileName } from './world-file.ts';

type Path = (string | number)[];

/** What checking a file's names needs of its compiler. */
export interface NameContext {
  /** A standard principal's address ('' once its problem is reported). */
  principal(text: string, path: Path): string;
  problem(path: Path, message: string): void;
  ref(path: Path): EntryRef;
  blocks(): number;
}

/**
 * A world file's `names`, each registered by one of its owner's transactions: one the file
 * declares, mined, and not failing (at the name's height when it gives one). A name declared
 * twice, a height past the tip or an owner without such a transaction is a problem of its line.
 */
export function declareNames(
  entries: readonly [FileName, number][],
  transactions: readonly DeclaredTx[],
  ctx: NameContext,
): DeclaredName[] {
  const seen = new Set<string>();
  return entries.flatMap(([n, i]) => {
    const path = ['names', i];
    const owner = ctx.principal(n.owner, [...path, 'owner']);
    const height = n.height ?? 0;
    if (seen.has(n.name))
      ctx.problem([...path, 'name'], `${n.name} is declared twice (a name has one owner)`);
    seen.add(n.name);
    if (height > ctx.blocks()) {
      ctx.problem(
        [...path, 'height'],
        `height ${height} is past the chain tip at ${ctx.blocks()} (raise blocks: in the file or --blocks)`,
      );
      return [];
    }
    if (!owner) return [];
    const registering = transactions.some(
      (tx) => tx.sender === owner && tx.outcome === Status.Success && (height === 0 || tx.height === height),
    );
    if (!registering) {
      const where = height > 0 ? ` at height ${height}` : '';
      ctx.problem(
        [...path, 'owner'],
        `${n.owner} sends no transaction${where} that succeeds, and a name is registered by one of its owner's (declare one under transactions)`,
      );
      return [];
    }
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
