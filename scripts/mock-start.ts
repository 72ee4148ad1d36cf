// `make mock` and `npm run mock`: prints what follows `node` to start the mock's command line from
// the sources (mocks/cli-build.ts), made before the mock starts so that the mock is node's own
// process (no loader, no wrapper between a signal and the server).
import { cliFromSources } from '../mocks/cli-build.ts';

console.log((await cliFromSources()).join(' '));
