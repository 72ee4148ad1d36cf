import { afterEach, beforeEach } from 'vitest';
import { setCurrentTest } from '../report/current-test.ts';

// Every exchange is logged with the test that sent it, so the reporter can join the log with the
// tests' results (by the same id vitest gives the reporter).
beforeEach((ctx) => {
  setCurrentTest(
    {
      id: ctx.task.id,
      name: ctx.task.fullTestName ?? ctx.task.name,
      file: ctx.task.file.filepath,
    },
    (note) => ctx.skip(note),
  );
});

afterEach(() => setCurrentTest(undefined));
