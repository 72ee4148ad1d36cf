// Node only: where the control plane's OpenAPI document is, and the document itself. The code
// that runs in a browser too (live-chain.ts, control-requests.ts) is handed the document instead.
import { fileURLToPath } from 'node:url';
import { loadSpec, type Document } from '../../spec/load.ts';

export const CONTROL_SPEC_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

/** The control plane's OpenAPI document, parsed once (or the build's parse of it). */
export function controlSpec(): Document {
  return loadSpec(CONTROL_SPEC_PATH);
}
