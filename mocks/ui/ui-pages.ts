import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LiveChain } from '../control/live-chain.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { HttpResponse } from '../../spec/http/response.ts';
import { contentAnswer } from '../http/own-answer.ts';
import type { OwnAnswer } from '../http/own-routes.ts';
import { preferredType } from './accepts.ts';
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

export { LIVE_PATH, type LiveState } from './live-state.ts';

/**
 * The home page's part of the mock's own routes: `home` answers `/` to a browser (undefined for a
 * client that prefers JSON, which gets the links), `files` the page's script and style, the API
 * reference and Swagger UI's files, by path (lower case).
 */
export interface UiPages {
  home(request: ServerRequest, headers: string[]): HttpResponse | undefined;
  files: ReadonlyMap<string, OwnAnswer>;
}

const STYLE_PATH = fileURLToPath(new URL('./page.css', import.meta.url));
const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';
const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: SCRIPT };

/**
 * The home page for a browser (`GET /` asking for HTML; any other client gets the JSON links that
 * follow), its script and style, and the API reference with Swagger UI's files. Each file is read
 * on its first request: a mock no browser opens reads none of them.
 */
export function uiPages(live: LiveChain, settings: PageSettings & { trustProxy: boolean }): UiPages {
  const config = pageConfig(settings);
  let style: string | undefined;
  let reference: string | undefined;
  const files = new Map<string, OwnAnswer>([
    [PAGE_SCRIPT, (r, h) => clientBundle().then((script) => contentAnswer(r, h, 200, SCRIPT, script))],
    [
      PAGE_STYLE,
      (r, h) => contentAnswer(r, h, 200, TYPES.css as string, (style ??= readFileSync(STYLE_PATH, 'utf8'))),
    ],
    [REFERENCE_PATH, (r, h) => contentAnswer(r, h, 200, HTML, (reference ??= referencePage()))],
    [REFERENCE_SCRIPT, (r, h) => contentAnswer(r, h, 200, SCRIPT, REFERENCE_STARTER)],
    ...SWAGGER_FILES.map((name): [string, OwnAnswer] => {
      const file = once(() => staticFile(swaggerFile(name)));
      return [`${REFERENCE_ASSETS}/${name}`, (r, h) => fileAnswer(r, h, file())];
    }),
  ]);
  const home = (request: ServerRequest, headers: string[]): HttpResponse | undefined => {
    headers.push('Vary', 'Accept');
    if (preferredType(request.headers.accept, ['application/json', 'text/html']) !== 'text/html')
      return undefined;
    headers.push('Cache-Control', 'no-store');
    const page = homePage(config, live.queries.catalogue(), originOf(request, settings));
    return contentAnswer(request, headers, 200, HTML, page);
  };
  return { home, files };
}

/** The address the page's links go to: the Host the browser used (and its scheme behind a trusted proxy). */
function originOf(request: ServerRequest, settings: { host: string; trustProxy: boolean }): string {
  const forwarded = settings.trustProxy ? request.headers['x-forwarded-proto'] : undefined;
  const scheme = forwarded?.split(',')[0]?.trim() || 'http';
  return `${scheme}://${request.headers.host ?? settings.host}`;
}

interface StaticFile {
  bytes: Uint8Array;
  type: string;
  etag: string;
  modified: string;
}

function staticFile(path: string): StaticFile {
  const stat = statSync(path);
  return {
    bytes: readFileSync(path),
    type: TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
    modified: stat.mtime.toUTCString(),
  };
}

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A file of the package as a static server sends it: cached an hour, revalidated by its ETag. */
function fileAnswer(request: ServerRequest, headers: string[], file: StaticFile): HttpResponse {
  headers.push('Cache-Control', 'public, max-age=3600', 'Last-Modified', file.modified, 'ETag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return new HttpResponse(304, headers);
  return contentAnswer(request, headers, 200, file.type, file.bytes);
}
