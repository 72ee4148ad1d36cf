import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { LiveChain } from '../control/live-chain.ts';
import { clientBundle } from './client-bundle.ts';
import { homePage, PAGE_SCRIPT, PAGE_STYLE, REFERENCE_PATH } from './home-page.ts';
import { pageConfig, type PageSettings } from './page-config.ts';
import {
  REFERENCE_ASSETS,
  REFERENCE_SCRIPT,
  REFERENCE_STARTER,
  referencePage,
  SWAGGER_FILES,
  swaggerFile,
} from './reference-page.ts';

export { LIVE_PATH, liveState, type LiveState } from './live-state.ts';

const STYLE_PATH = fileURLToPath(new URL('./page.css', import.meta.url));

/**
 * The home page for a browser (`GET /` asking for HTML; any other client gets the JSON links
 * that follows), its script and style, and the API reference with Swagger UI's files.
 */
export function uiRouter(live: LiveChain, settings: PageSettings): Router {
  const router = express.Router();
  const config = pageConfig(settings);
  router.get('/', (req, res, next) => {
    res.vary('Accept');
    if (req.accepts(['application/json', 'text/html']) !== 'text/html') return next();
    const origin = `${req.protocol}://${req.get('host') ?? settings.host}`;
    res
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(homePage(config, live.queries.catalogue(), origin));
  });
  router.get(PAGE_SCRIPT, (_req, res, next) => {
    clientBundle().then(
      (script) => void res.type('text/javascript; charset=utf-8').send(script),
      (err: unknown) => next(err),
    );
  });
  const style = readFileSync(STYLE_PATH, 'utf8');
  router.get(PAGE_STYLE, (_req, res) => void res.type('text/css; charset=utf-8').send(style));
  const reference = referencePage();
  router.get(REFERENCE_PATH, (_req, res) => void res.type('html').send(reference));
  router.get(
    REFERENCE_SCRIPT,
    (_req, res) => void res.type('text/javascript; charset=utf-8').send(REFERENCE_STARTER),
  );
  for (const name of SWAGGER_FILES) {
    const file = swaggerFile(name);
    router.get(`${REFERENCE_ASSETS}/${name}`, (_req, res) => res.sendFile(file, { maxAge: '1h' }));
  }
  return router;
}
