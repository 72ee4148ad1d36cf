// The child that runs the contract project several times in one vitest (run-suite.ts starts it
// with `node --import tsx` and sends it its runs over IPC, the next as the last one ends): vitest,
// Vite, the suite's transformed modules and its one test worker start once for every run, where a
// vitest process a run spent most of each short run starting. The worker is kept from run to run
// (kept-worker.ts); each run gets its own configuration and so its own target: the run's
// environment is set, then the suite's own global setup reads it, as at the start of a run of its
// own, and hands it to the run's files.
import { join, relative, resolve } from 'node:path';
import { createVitest, type TestModule, type TestProject } from 'vitest/node';
import { ROOT } from '../config.ts';
import setupRun from '../setup/global-setup.ts';
import { CONTRACT_PROJECT } from '../project.ts';
import type { ChildMessage, ChildReply, ChildResult, ChildRun, SuiteTest } from './suite-run-protocol.ts';
import { keptWorkerPool } from './kept-worker.ts';
import '../../bin/in-process-mock.ts';

function testsOf(modules: readonly TestModule[]): { tests: SuiteTest[]; errors: string[] } {
  const tests: SuiteTest[] = [];
  const errors: string[] = [];
  for (const module of modules) {
    const file = relative(ROOT, module.moduleId);
    for (const error of module.errors()) errors.push(`${file}: ${error.message}`);
    for (const test of module.children.allTests()) {
      const result = test.result();
      tests.push({
        name: test.fullName,
        file,
        status: result.state,
        message: (result.errors ?? []).map((e) => e.stack || e.message).join('\n'),
      });
    }
  }
  return { tests, errors };
}

async function runOne(
  vitest: Awaited<ReturnType<typeof createVitest>>,
  project: TestProject,
  request: ChildRun,
  everyFile: string[],
): Promise<ChildResult> {
  for (const name of Object.keys(process.env))
    if (/^(BASE_URL|API_KEY|TARGET|MAX_REQUESTS|CONTRACT_.*)$/.test(name)) delete process.env[name];
  Object.assign(process.env, request.env);
  await setupRun(project);
  const files = request.files?.map((f) => resolve(ROOT, f)) ?? everyFile;
  const specs = files.map((file) => project.createSpecification(file));
  const { testModules, unhandledErrors } = await vitest.runTestSpecifications(specs, true);
  const ran = new Set(files);
  const { tests, errors } = testsOf(testModules.filter((m) => ran.has(m.moduleId)));
  for (const error of unhandledErrors) errors.push(`unhandled: ${String((error as Error).message ?? error)}`);
  return { id: request.id, tests, errors };
}

// The parent gone (its test file stopped or timed out), no run will come: nothing keeps this child.
function orphaned(): never {
  process.exit(1);
}
process.once('disconnect', orphaned);
// The parent sends the first run once the child says it listens, so none arrives before the
// listener; runs that arrive while vitest starts wait here.
const inbox: ChildMessage[] = [];
let delivered: (() => void) | undefined;
process.on('message', (message: ChildMessage) => {
  inbox.push(message);
  delivered?.();
});
function reply(message: ChildReply): void {
  process.send?.(message);
}
reply({ ready: true });
async function next(): Promise<ChildMessage> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (delivered = resolve));
  return inbox.shift() as ChildMessage;
}

const kept = keptWorkerPool();
const vitest = await createVitest(
  'test',
  {
    watch: false,
    project: [CONTRACT_PROJECT],
    pool: kept.pool,
    reporters: [join(ROOT, 'contract-tests/report/contract-reporter.ts')],
  },
  {},
  { stdout: process.stderr },
);
const project = vitest.projects.find((p) => p.name === CONTRACT_PROJECT);
if (!project) throw new Error(`no ${CONTRACT_PROJECT} project in vitest.config.ts`);
const everyFile = (await vitest.globTestSpecifications())
  .filter((s) => s.project.name === CONTRACT_PROJECT)
  .map((s) => s.moduleId);
for (let message = await next(); 'run' in message; message = await next())
  reply(await runOne(vitest, project, message.run, everyFile));
await vitest.close();
await kept.end();
process.off('disconnect', orphaned);
process.disconnect();
