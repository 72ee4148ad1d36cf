/** A media range of an `Accept` header: its type, subtype, quality and place. */
interface Range {
  type: string;
  subtype: string;
  q: number;
  order: number;
}

function ranges(accept: string): Range[] {
  return accept.split(',').flatMap((part, order) => {
    const [media = '', ...params] = part.trim().split(';');
    const [type, subtype] = media.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    const q = params.map((p) => p.trim().split('=')).find(([name]) => name?.toLowerCase() === 'q')?.[1];
    return [{ type, subtype, q: q === undefined ? 1 : Number(q), order }];
  });
}

/**
 * Which of `offered` (full types, in the server's order of preference) the `Accept` header
 * prefers, as content negotiation ranks them (the highest quality, then the most specific range,
 * then the range written first, then the server's order); the first when there is no header,
 * undefined when it accepts none of them.
 */
export function preferredType(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (accept === undefined) return offered[0];
  const sent = ranges(accept);
  const ranked = offered.flatMap((full, index) => {
    const [type, subtype] = full.split('/');
    let best: { q: number; s: number; o: number } | undefined;
    for (const r of sent) {
      const s = r.type === type ? (r.subtype === subtype ? 2 : r.subtype === '*' ? 1 : -1) : -1;
      const score = s >= 0 ? s : r.type === '*' && r.subtype === '*' ? 0 : -1;
      if (score < 0) continue;
      if (!best || score > best.s || (score === best.s && r.q > best.q))
        best = { q: r.q, s: score, o: r.order };
    }
    return best && best.q > 0 ? [{ full, index, ...best }] : [];
  });
  ranked.sort((a, b) => b.q - a.q || b.s - a.s || a.o - b.o || a.index - b.index);
  return ranked[0]?.full;
}
