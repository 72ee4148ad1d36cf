/** The package that brings the Clarity engine: an optional peer dependency, GPL-3.0, never bundled. */
export const CLARITY_PACKAGE = '@stacks/clarinet-sdk';

/**
 * What needs Clarity (a contract route, a deploy, a call the mock cannot derive, a world file's
 * own contract) throws this when the engine's package is not installed or cannot load here (a
 * browser). Its message is the one line to show: what is missing and the command that fixes it.
 */
export class ClarityUnavailable extends Error {
  readonly code = 'clarity_unavailable';
  constructor(readonly reason: string) {
    super(
      `this needs the Clarity engine: install ${CLARITY_PACKAGE} beside the mock ` +
        `(npm install --save-dev ${CLARITY_PACKAGE}; GPL-3.0, an optional peer dependency) [${reason}]`,
    );
    this.name = 'ClarityUnavailable';
  }
}

export function isClarityUnavailable(error: unknown): error is ClarityUnavailable {
  return error instanceof ClarityUnavailable;
}

/**
 * What needs the Clarity engine now (a deployment's or a call's admission) throws this while the
 * engine is still starting or replaying the chain: `ready` settles once it holds the chain (or
 * rejects with `ClarityUnavailable`), and the caller tries again.
 */
export class ClarityWarming extends Error {
  constructor(readonly ready: Promise<unknown>) {
    super('the Clarity engine is starting');
    this.name = 'ClarityWarming';
  }
}
