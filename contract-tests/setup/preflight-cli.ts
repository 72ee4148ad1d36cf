import { ConfigError, readConfig } from '../config.ts';
import { preflight, PreflightError } from './preflight.ts';

// `make contract` runs this before vitest, so a configuration the run cannot start with is the
// first and only thing printed: one line with the fix, exit status 2.
try {
  await preflight(readConfig());
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof PreflightError)) throw err;
  process.stderr.write(`contract suite: ${err.message}\n`);
  process.exit(2);
}
