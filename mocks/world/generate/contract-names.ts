import type { Faker } from '@faker-js/faker';
import { contractNameFrom } from '../tables/contracts.ts';
import { ContractKind } from '../tables/kinds.ts';

type WordList = readonly string[];

/**
 * Faker's word lists cut to the lengths a name takes, once per faker. `faker.word.noun({length})`
 * filters the whole list on every call (most of a large world's naming time); picking from the
 * same filtered list with `helpers.arrayElement` draws the same word.
 */
const listsByFaker = new WeakMap<Faker, Map<string, WordList>>();

function words(faker: Faker, part: 'noun' | 'adjective', min: number, max: number): WordList {
  let lists = listsByFaker.get(faker);
  if (!lists) listsByFaker.set(faker, (lists = new Map()));
  const key = `${part}:${min}:${max}`;
  let list = lists.get(key);
  if (!list) {
    list = faker.definitions.word[part].filter((w) => w.length >= min && w.length <= max);
    lists.set(key, list);
  }
  return list;
}

function pick(faker: Faker, part: 'noun' | 'adjective', min: number, max: number): string {
  return faker.helpers.arrayElement(words(faker, part, min, max));
}

/** Human-looking contract and token names, drawn from the world's seeded faker. */
export function nameContract(faker: Faker, kind: ContractKind): { name: string; token: string } {
  switch (kind) {
    case ContractKind.Ft: {
      const noun = contractNameFrom([pick(faker, 'noun', 3, 8)]);
      return { name: `${noun}-token`, token: noun };
    }
    case ContractKind.Nft: {
      const name = contractNameFrom([pick(faker, 'adjective', 3, 9), pick(faker, 'noun', 3, 9)]);
      return { name, token: name };
    }
    case ContractKind.Vault:
      return { name: `${contractNameFrom([pick(faker, 'noun', 3, 9)])}-vault`, token: '' };
    default:
      return {
        name: contractNameFrom([pick(faker, 'adjective', 3, 9), pick(faker, 'noun', 3, 9)]),
        token: '',
      };
  }
}

/** Short words for token-transfer memos. */
export function memoText(faker: Faker): string {
  return faker.word
    .words({ count: { min: 1, max: 3 } })
    .replace(/[^ -~]/g, '')
    .slice(0, 34);
}
