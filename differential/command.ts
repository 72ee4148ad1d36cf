import { borrowed, defineCommand } from '../spec/command-line/declaration.ts';
import { MOCK_COMMAND, WORLD_OPTIONS } from '../mocks/cli-args.ts';

/** `make differential`'s command line (differential/cli.ts); its world flags are the mock's, without their variables. */
export const DIFFERENTIAL_COMMAND = defineCommand({
  name: 'differential',
  usage: [
    'make differential REAL_URL=http://127.0.0.1:3999 [ARGS="--name default-mainnet --golden"]',
    '       npx tsx differential/cli.ts --real URL [flags]',
  ].join('\n'),
  about: [
    'Sends the same requests to the mock (in-process, this world) and to the real service at URL, which',
    'must already serve this world: `npm run mock -- event-stream --out chain.tsv` with the same world',
    "flags, imported with the real service's `import-events --file chain.tsv --wipe-db --force`.",
    "The mock answers as the real service's release (its /extended server_version). Writes",
    'reports/differential-RELEASE-NAME.md; --golden also records the real answers as fixtures/golden/RELEASE/NAME.json.',
  ],
  options: {
    real: {
      type: 'string',
      env: 'REAL_URL',
      required: true,
      placeholder: 'URL',
      valid: {
        test: (v) => /^https?:\/\/[^/]+\/?$/.test(v),
        needs: "the real service's base URL (http://host:port)",
      },
      description: "the real service's base URL",
    },
    ...borrowed({
      seed: WORLD_OPTIONS.seed,
      network: WORLD_OPTIONS.network,
      blocks: WORLD_OPTIONS.blocks,
      world: WORLD_OPTIONS.world,
      deprecated: {
        ...MOCK_COMMAND.options.deprecated,
        description: 'gone: against a real service started with its deprecated endpoints disabled',
      },
    }),
    name: { type: 'string', default: 'run', description: "the run's name, in its report and golden file" },
    golden: { type: 'boolean', description: 'record the real answers as golden answers' },
    refresh: {
      type: 'boolean',
      description:
        'with --golden: ask only the requests the golden file holds, and record their answers again',
    },
    concurrency: { type: 'integer', min: 1, default: 8, description: 'requests in flight at once' },
    'report-dir': { type: 'path', default: 'reports', description: 'where the report goes' },
  },
});
