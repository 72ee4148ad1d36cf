import type { World } from './world.ts';

export interface OperationContext {
  world: World;
  /** Path parameters after validation (typed by the spec's schemas). */
  path: Record<string, unknown>;
  /** Query parameters after validation, with the spec's defaults filled in. */
  query: Record<string, unknown>;
}

/** What an operation answers; HTTP details (headers, caching, the error body) are the app's. */
export type OperationResult = { status: 200; body: unknown } | { status: 400 | 404; message: string };

export type OperationHandler = (ctx: OperationContext) => OperationResult;

export const ok = (body: unknown): OperationResult => ({ status: 200, body });
export const notFound = (message: string): OperationResult => ({ status: 404, message });
