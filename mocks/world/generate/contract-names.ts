import type { Faker } from '@faker-js/faker';
import { contractNameFrom } from '../tables/contracts.ts';
import { ContractKind } from '../tables/kinds.ts';

/** Human-looking contract and token names, drawn from the world's seeded faker. */
export function nameContract(faker: Faker, kind: ContractKind): { name: string; token: string } {
  switch (kind) {
    case ContractKind.Ft: {
      const noun = contractNameFrom([faker.word.noun({ length: { min: 3, max: 8 } })]);
      return { name: `${noun}-token`, token: noun };
    }
    case ContractKind.Nft: {
      const name = contractNameFrom([
        faker.word.adjective({ length: { min: 3, max: 9 } }),
        faker.word.noun({ length: { min: 3, max: 9 } }),
      ]);
      return { name, token: name };
    }
    case ContractKind.Vault:
      return {
        name: `${contractNameFrom([faker.word.noun({ length: { min: 3, max: 9 } })])}-vault`,
        token: '',
      };
    default:
      return {
        name: contractNameFrom([
          faker.word.adjective({ length: { min: 3, max: 9 } }),
          faker.word.noun({ length: { min: 3, max: 9 } }),
        ]),
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
