import type { KnownDeviation } from './target-file.ts';

export interface ProblemContext {
  operationId: string;
  url: string;
  expectedStatus: number;
  actualStatus: number;
  /** The name of the test that made the request, when one did. */
  testName?: string;
}

/** The known deviation of the target that describes this problem, if any. */
export function findDeviation(
  deviations: readonly KnownDeviation[],
  problem: { where: string },
  context: ProblemContext,
): KnownDeviation | undefined {
  return deviations.find(
    (d) =>
      (d.operationId === undefined || d.operationId === context.operationId) &&
      problem.where.toLowerCase().startsWith(d.where.toLowerCase()) &&
      (d.request === undefined || new RegExp(d.request).test(context.url)) &&
      (d.test === undefined || new RegExp(d.test).test(context.testName ?? '')) &&
      (d.expectedStatus === undefined || d.expectedStatus === context.expectedStatus) &&
      (d.actualStatus === undefined || d.actualStatus === context.actualStatus),
  );
}
