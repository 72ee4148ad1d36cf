import { describe, expect, it } from 'vitest';
import { NftHoldings } from './nft-holdings.ts';
import { Rng } from '../rng.ts';

describe('NftHoldings', () => {
  it('keeps each contract’s list as plain arrays would, through segment moves and pool rebuilds', () => {
    const rng = new Rng(3);
    const holdings = new NftHoldings();
    const lists = Array.from({ length: 300 }, () => ({ ids: [] as number[], owners: [] as number[] }));
    for (let step = 0; step < 20_000; step++) {
      const contract = rng.int(lists.length);
      const list = lists[contract] as { ids: number[]; owners: number[] };
      if (list.ids.length > 0 && rng.chance(0.3)) {
        const i = rng.int(list.ids.length);
        holdings.burn(contract, i, list.ids[i] as number);
        list.ids[i] = list.ids.at(-1) as number;
        list.owners[i] = list.owners.at(-1) as number;
        list.ids.pop();
        list.owners.pop();
      } else {
        const id = holdings.nextId(contract);
        const owner = rng.int(50);
        holdings.mint(contract, id, owner);
        list.ids.push(id);
        list.owners.push(owner);
      }
    }
    lists.forEach((list, contract) => {
      expect(holdings.size(contract)).toBe(list.ids.length);
      list.ids.forEach((id, i) => {
        expect(holdings.idAt(contract, i)).toBe(id);
        expect(holdings.ownerAt(contract, i)).toBe(list.owners[i]);
        expect(holdings.indexOf(contract, id)).toBe(i);
      });
    });
  });
});
