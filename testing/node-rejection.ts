import { NodeRejection } from '../mocks/operations/node-refusals.ts';

/** The refusal `attempt` throws; it fails the test if it admits, or throws anything else. */
export function rejection(attempt: () => unknown): NodeRejection {
  try {
    attempt();
  } catch (error) {
    if (error instanceof NodeRejection) return error;
    throw error;
  }
  throw new Error('admitted');
}
