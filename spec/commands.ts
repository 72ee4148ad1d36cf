/**
 * This process's own commands, for messages that tell the user what to run: from this
 * repository's sources (run by tsx or vitest) the Makefile's targets and npm scripts; from an
 * installed package its bins, which npx finds in the project that installed them.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

export const COMMANDS = FROM_SOURCES
  ? {
      /** Starts the mock. */
      mock: 'make mock',
      /** The mock's command line, before a subcommand or flags. */
      mockCli: 'npm run mock --',
      /** The contract suite against a server (BASE_URL). */
      contract: 'make contract',
      /** The contract suite against the mock in process. */
      contractInProcess: 'npx vitest run --project contract',
    }
  : {
      mock: 'npx stacks-api-mock',
      mockCli: 'npx stacks-api-mock',
      contract: 'npx stacks-api-contract',
      contractInProcess: 'npx stacks-api-contract',
    };

/** Whether the suite's settings are given as flags (the installed bin) or environment variables (`make contract`). */
export const SETTINGS_AS_FLAGS = !FROM_SOURCES;
