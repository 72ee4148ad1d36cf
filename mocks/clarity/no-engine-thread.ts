import type { HostedEngine } from './engine-wire.ts';
import { ClarityUnavailable } from './unavailable.ts';

/**
 * What the browser bundle holds in place of node/engine-bridge.ts (msw/browser-bundle.ts swaps
 * it in): a page has no worker threads to start the engine on, nor the engine's package, so what
 * needs Clarity answers the one error, as without the package.
 */
export function startHostedEngine(): Promise<HostedEngine> {
  return Promise.reject(new ClarityUnavailable('a browser runs no Clarity engine'));
}

/** Nor a disk to keep engine images on (node/image-files.ts). */
export function readImageFile(): Promise<undefined> {
  return Promise.resolve(undefined);
}

export function storeImageFile(): Promise<undefined> {
  return Promise.resolve(undefined);
}

export function dropImageFile(): Promise<void> {
  return Promise.resolve();
}

export function readBootInterfacesFile(): Promise<undefined> {
  return Promise.resolve(undefined);
}

export function writeBootInterfacesFile(): Promise<void> {
  return Promise.resolve();
}
