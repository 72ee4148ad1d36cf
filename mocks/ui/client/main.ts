/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { FedRequest } from '../request-feed.ts';
import type { LiveState } from '../live-state.ts';
import { accountsView } from './accounts.ts';
import { addressView } from './address.ts';
import { Exchanges } from './api.ts';
import { blockView } from './block.ts';
import { chainView } from './chain.ts';
import { wireControls } from './controls.ts';
import { errorLine, h, requestsBehind } from './dom.ts';
import { requestsView } from './requests.ts';
import { followLiveUpdates } from './live-socket.ts';
import { searchView } from './search.ts';
import { transactionView } from './transaction.ts';
import type { Drawn, View } from './view.ts';

const POLL_MS = 1000;
const KEPT_REQUESTS = 100;

/** Views drawn from the API, by the first part of the location's hash; each is drawn again when the chain changes. */
const VIEWS: Record<string, View> = {
  chain: chainView,
  accounts: accountsView,
  address: addressView,
  tx: transactionView,
  block: blockView,
};

const requests: FedRequest[] = [];
let version = -1;
let seq = 0;
let drawing = 0;

function route(): { name: string; args: string[] } {
  const [name = 'chain', ...args] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  return { name: name || 'chain', args };
}

function show(drawn: Drawn, sent: Exchanges['sent']): void {
  const view = document.getElementById('client-view') as HTMLElement;
  // The page came with a loading line (home-page.ts): what shows before this script has drawn.
  view.removeAttribute('aria-busy');
  view.replaceChildren(
    h('h2', {}, drawn.title),
    ...drawn.content,
    ...(sent.length ? [requestsBehind(sent)] : []),
  );
  document.title = `${drawn.title} — Stacks API mock`;
}

async function draw(): Promise<void> {
  const { name, args } = route();
  const onControls = name === 'controls';
  (document.getElementById('controls-view') as HTMLElement).hidden = !onControls;
  (document.getElementById('client-view') as HTMLElement).hidden = onControls;
  if (onControls) return;
  if (name === 'requests') return show(requestsView(requests), []);
  const token = ++drawing;
  const x = new Exchanges();
  let drawn: Drawn & { go?: string };
  try {
    drawn = name === 'search' ? await searchView(x, args) : await (VIEWS[name] ?? chainView)(x, args);
  } catch (err) {
    drawn = {
      title: 'The mock did not answer',
      content: [errorLine(err instanceof Error ? err.message : String(err))],
    };
  }
  if (token !== drawing) return;
  if (drawn.go) return location.replace(drawn.go);
  show(drawn, x.sent);
}

/** The tip, the chain's changes and the request log, once a second. */
async function poll(): Promise<void> {
  try {
    const state = (await (await fetch(`/_mock/ui/live?after=${seq}`)).json()) as LiveState;
    requests.push(...state.requests);
    requests.splice(0, Math.max(0, requests.length - KEPT_REQUESTS));
    seq = requests.at(-1)?.seq ?? seq;
    const tip = document.getElementById('tip-height') as HTMLAnchorElement;
    tip.textContent = String(state.tip.height);
    tip.href = `#/block/${state.tip.height}`;
    const { name } = route();
    const changed = version !== -1 && state.version !== version;
    version = state.version;
    if ((changed && name in VIEWS) || (state.requests.length && name === 'requests')) await draw();
  } catch {
    // The mock is restarting or gone: the next tick tries again.
  }
  setTimeout(() => void poll(), POLL_MS);
}

/** The tip and the view follow the live updates as they arrive; the poll stays for the request log and a chain without them. */
function followLive(): void {
  const feed = document.getElementById('live-feed') as HTMLElement | null;
  followLiveUpdates(
    (event) => {
      if (event.kind === 'block') {
        const tip = document.getElementById('tip-height') as HTMLAnchorElement;
        tip.textContent = event.id;
        tip.href = `#/block/${event.id}`;
        if (route().name in VIEWS) void draw();
      }
      const last = event.kind === 'block' ? `block ${event.id}` : `${event.id.slice(0, 10)}… ${event.status}`;
      if (feed) feed.textContent = ` · live: ${last}`;
    },
    (live) => {
      if (feed) feed.textContent = live ? ' · live' : '';
    },
  );
}

wireControls(() => void poll());
followLive();
document.getElementById('search-form')?.addEventListener('submit', (event) => {
  event.preventDefault();
  const q = (document.getElementById('search-input') as HTMLInputElement).value.trim();
  if (q) location.hash = `#/search/${encodeURIComponent(q)}`;
});
window.addEventListener('hashchange', () => {
  void draw();
  document.getElementById('view')?.focus({ preventScroll: true });
});
void draw();
void poll();
