// Run by mocks/world/run/world-engine.test.ts as another process, with MOCK_ENGINE_IMAGES naming
// the folder the test's engine stored its image in: prints whether this process found the image
// of the default world there before its engine started, and how that engine agrees with the world.
import { createWorldQueries } from '../../mocks/query/world-queries.ts';
import { keptReplay } from '../../mocks/world/run/replay-images.ts';
import { ftDisagreements } from './engine-agreement.ts';

const queries = createWorldQueries({});
const found = (await keptReplay(queries.chain, false)) !== undefined;
const reads = await queries.clarity.ready();
const { problems, compared } = ftDisagreements(queries, reads);
console.log(
  JSON.stringify({ found, tip: reads.tip.height, contracts: reads.contracts().length, problems, compared }),
);
queries.clarity.close();
