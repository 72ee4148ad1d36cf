import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { html } from './html.ts';
import { PAGE_STYLE } from './home-page.ts';

export const REFERENCE_ASSETS = '/_mock/ui/swagger';
export const REFERENCE_SCRIPT = '/_mock/ui/reference.js';

/** Swagger UI's files this page uses, and the licence that goes with them. */
export const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
export const SWAGGER_LICENCE = ['LICENSE', 'NOTICE'];

/**
 * The built package carries Swagger UI's files beside this module (`npm run build` copies them),
 * so its users install no swagger-ui-dist, nor the install-time telemetry that package pulls in;
 * from the sources they come from the swagger-ui-dist dev dependency.
 */
function swaggerDir(): string {
  const shipped = fileURLToPath(new URL('./swagger/', import.meta.url));
  if (existsSync(shipped)) return shipped;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function swaggerFile(name: string): string {
  return join(swaggerDir(), name);
}

/**
 * The spec rendered by Swagger UI, with "Try it out" sending to this mock: the page's own origin
 * replaces the spec's server. The control plane has its own document, linked. Characters past
 * ASCII are entities, as in home-page.ts.
 */
export function referencePage(): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference &mdash; Stacks API mock</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${PAGE_STYLE}" />
        <link rel="stylesheet" href="${REFERENCE_ASSETS}/swagger-ui.css" />
      </head>
      <body>
        <header>
          <nav aria-label="Links">
            <ul>
              <li><a href="/">Home</a></li>
              <li><a href="/openapi.yaml">openapi.yaml</a></li>
              <li><a href="/_mock/openapi.yaml">The control plane's OpenAPI document</a></li>
            </ul>
          </nav>
        </header>
        <main id="reference"><p>Loading the reference&hellip;</p></main>
        <script src="${REFERENCE_ASSETS}/swagger-ui-bundle.js"></script>
        <script src="${REFERENCE_SCRIPT}"></script>
      </body>
    </html> `.text;
}

/** Starts Swagger UI on the spec the mock serves, pointed at this mock. */
export const REFERENCE_STARTER = `fetch('/openapi.json')
  .then((res) => res.json())
  .then((spec) => {
    spec.servers = [{ url: location.origin, description: 'this mock' }];
    document.getElementById('reference').textContent = '';
    SwaggerUIBundle({ spec, dom_id: '#reference', validatorUrl: null, deepLinking: true, tryItOutEnabled: true });
  });
`;
