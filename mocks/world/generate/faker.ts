// What the world's generator takes of faker, apart: the CLI's bundle evaluates this module (the
// English locale, the largest the mock bundles) when a world is first built, not at start
// (scripts/bundle.ts), and only what is named here is bundled.
export { en, Faker } from '@faker-js/faker';
