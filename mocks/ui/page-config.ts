import { isLoopbackHost } from '../../spec/loopback.ts';
import { keyMode } from '../http/keys.ts';
import { MAX_DELAY_MS } from '../http/scenarios.ts';

/** Whether the page may drive the chain: open on loopback, behind the token, or off. */
export type ControlState = 'open' | 'token' | 'off';

/** What the page needs to know of the mock that the API does not tell: its settings in force. */
export interface PageConfig {
  controls: ControlState;
  /** Each operation's path template, by operationId: the page writes its URLs from them (spec/request/url.ts). */
  paths: Record<string, string>;
  scenarios: {
    keys: string;
    /** Requests per minute; 0 is no limit. */
    rateLimit: { anonymous: number; keyed: number };
    latencyMs: number;
    faultRate: number;
    /** Seconds between mined blocks; 0: the chain moves only on control calls. */
    blockTime: number;
    maxDelayMs: number;
  };
}

/** The settings this page shows, from the mock's options (never the keys or the token themselves). */
export interface PageSettings {
  host: string;
  /** The operations' path templates (operationPaths of the spec). */
  paths: Record<string, string>;
  controlToken?: string | undefined;
  apiKeys: string[];
  requireApiKey: boolean;
  rateLimit: number;
  rateLimitKey: number;
  latencyMs: number;
  faultRate: number;
  blockTime: number;
}

export function controlState(settings: Pick<PageSettings, 'host' | 'controlToken'>): ControlState {
  if (settings.controlToken) return 'token';
  return isLoopbackHost(settings.host) ? 'open' : 'off';
}

export function pageConfig(settings: PageSettings): PageConfig {
  return {
    controls: controlState(settings),
    paths: settings.paths,
    scenarios: {
      keys: keyMode(settings),
      rateLimit: { anonymous: settings.rateLimit, keyed: settings.rateLimitKey },
      latencyMs: settings.latencyMs,
      faultRate: settings.faultRate,
      blockTime: settings.blockTime,
      maxDelayMs: MAX_DELAY_MS,
    },
  };
}
