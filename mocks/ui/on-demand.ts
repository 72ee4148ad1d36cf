import type { RequestHandler } from 'express';
import type { LiveChain } from '../control/live-chain.ts';
import type { PageSettings } from './page-config.ts';

/** Under it, the page's script, style, live state and the API reference with Swagger UI's files. */
const UI_PREFIX = '/_mock/ui/';

/**
 * The home page's router (ui-router.ts), loaded by the first request for one of its paths, `/` or
 * one under /_mock/ui/: a mock that no browser opens never loads the page, the reference or
 * Swagger UI's file list, and starts that much sooner.
 */
export function uiOnDemand(live: LiveChain, settings: PageSettings): RequestHandler {
  let router: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    if (req.path !== '/' && !req.path.startsWith(UI_PREFIX)) return next();
    router ??= import('./ui-router.ts').then((ui) => ui.uiRouter(live, settings));
    router.then((handle) => handle(req, res, next), next);
  };
}
