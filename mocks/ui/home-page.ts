import type { WorldCatalogue } from '../query/catalogue.ts';
import { html, scriptJson, type Markup } from './html.ts';
import type { PageConfig } from './page-config.ts';

export const PAGE_SCRIPT = '/_mock/ui/page.js';
export const PAGE_STYLE = '/_mock/ui/page.css';
export const REFERENCE_PATH = '/_mock/ui/reference';

/** An account the transfer form offers: a world file's name, or the role of a notable address. */
interface Choice {
  label: string;
  address: string;
}

/** The declared accounts by name; without a world file, the notable addresses by role. */
export function transferChoices(catalogue: WorldCatalogue): Choice[] {
  if (catalogue.declared.accounts.length)
    return catalogue.declared.accounts.map((a) => ({ label: a.name, address: a.address }));
  const { stx_activity, ft_activity, nft_activity, busiest, miner, vesting } = catalogue.addresses;
  return Object.entries({ stx_activity, ft_activity, nft_activity, busiest, miner, vesting }).map(
    ([role, address]) => ({ label: role.replaceAll('_', ' '), address }),
  );
}

/**
 * The home page: the frame (search, views, the tip) and the parts that do not change with the
 * chain, rendered here: the controls, when the control plane is on, and the scenarios in force.
 * The views that show the chain are drawn by the page's script from the API's own answers.
 * Characters past ASCII are written as entities: a tagged template keeps them as written, and a
 * bundle of ASCII only is read at the CLI's start as one byte a character (bin/stacks-api-mock.ts).
 */
export function homePage(config: PageConfig, catalogue: WorldCatalogue, origin: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Stacks API mock</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${PAGE_STYLE}" />
        <script type="module" src="${PAGE_SCRIPT}"></script>
      </head>
      <body>
        <a class="skip" href="#view">Skip to the view</a>
        <header>
          <div class="masthead">
            <h1><a href="#/chain">Stacks API mock</a></h1>
            <p class="tip" aria-live="polite">
              ${catalogue.network}, seed ${catalogue.seed} &middot; tip
              <a id="tip-height" href="#/block/${catalogue.tip.height}">${catalogue.tip.height}</a>
              <span
                id="live-feed"
                title="Blocks and mempool transactions as the live updates announce them (/extended/v1/ws)"
              ></span>
            </p>
          </div>
          <form id="search-form" role="search">
            <label for="search-input">Search</label>
            <input
              id="search-input"
              name="q"
              autocomplete="off"
              spellcheck="false"
              placeholder="address, tx id, block height or hash"
            />
            <button type="submit">Search</button>
          </form>
          <nav aria-label="Views">
            <ul>
              <li><a href="#/chain">Chain</a></li>
              <li><a href="#/accounts">Accounts</a></li>
              <li><a href="#/controls">${config.controls === 'off' ? 'Scenarios' : 'Controls'}</a></li>
              <li><a href="#/requests">Requests</a></li>
              <li><a href="${REFERENCE_PATH}">API reference</a></li>
            </ul>
          </nav>
        </header>
        <main id="view" tabindex="-1">
          <div id="client-view" aria-busy="true">
            <p class="loading">
              Loading the chain&hellip; This page's script draws it; the
              <a href="${REFERENCE_PATH}">API reference</a> and
              <a href="/_mock/world">the world's catalogue</a> need none.
            </p>
          </div>
          <div id="controls-view" hidden>${controls(config, catalogue)} ${scenarios(config, origin)}</div>
        </main>
        <script type="application/json" id="page-config">
          ${scriptJson(config)}
        </script>
      </body>
    </html> `.text;
}

function controls(config: PageConfig, catalogue: WorldCatalogue): Markup {
  if (config.controls === 'off')
    return html`<h2>Controls</h2>
      <p>
        The control plane is off: the mock listens beyond loopback without <code>--control-token</code>, so
        nobody can change its chain from here.
      </p>`;
  const choices = transferChoices(catalogue);
  const options = (selected: number): Markup[] =>
    choices.map(
      (c, i) =>
        html`<option value="${c.address}" ${i === selected ? html` selected` : ''}>
          ${c.label} &mdash; ${c.address}
        </option>`,
    );
  return html`<h2>Controls</h2>
    <p>
      They call the control plane (<a href="/_mock/openapi.yaml">its OpenAPI document</a>); every view follows
      the chain as it changes.
    </p>
    ${config.controls === 'token' ? html`<p><label for="control-token">Control token</label> <input id="control-token" type="password" autocomplete="off" /></p>` : ''}
    <div class="controls">
      <form id="mine-form" class="control">
        <h3>Mine</h3>
        <label for="mine-blocks">Blocks</label>
        <input id="mine-blocks" name="blocks" type="number" min="1" max="1000" value="1" required />
        <button type="submit">Mine</button>
      </form>
      <form id="transfer-form" class="control">
        <h3>Submit a transfer</h3>
        <label for="transfer-sender">Sender</label>
        <select id="transfer-sender" name="sender">
          ${options(0)}
        </select>
        <label for="transfer-recipient">Recipient</label>
        <select id="transfer-recipient" name="recipient">
          ${options(1)}
        </select>
        <label for="transfer-amount">Amount (micro-STX)</label>
        <input id="transfer-amount" name="amount" type="number" min="1" value="1000" required />
        <label for="transfer-fee">Fee (micro-STX)</label>
        <input id="transfer-fee" name="fee" type="number" min="0" value="180" required />
        <label for="transfer-memo">Memo (optional)</label>
        <input id="transfer-memo" name="memo" maxlength="34" />
        <button type="submit">Submit transfer</button>
      </form>
      <form id="reorg-form" class="control">
        <h3>Reorg</h3>
        <label for="reorg-depth">Depth (blocks replaced)</label>
        <input id="reorg-depth" name="depth" type="number" min="1" value="1" required />
        <button type="submit">Reorg</button>
      </form>
      <form id="reset-form" class="control">
        <h3>Reset</h3>
        <p>Back to the chain the mock started with.</p>
        <button type="submit">Reset</button>
      </form>
    </div>
    <div id="control-result" role="status"></div>`;
}

function scenarios(config: PageConfig, origin: string): Markup {
  const s = config.scenarios;
  const perMinute = (n: number): string => (n === 0 ? 'unlimited' : `${n} requests a minute`);
  return html`<h2>Scenarios in force</h2>
    <dl class="facts">
      <dt>API keys</dt>
      <dd>${s.keys}; send one as <code>X-API-Key</code></dd>
      <dt>Rate limits</dt>
      <dd>
        ${perMinute(s.rateLimit.anonymous)} per IP without a key, ${perMinute(s.rateLimit.keyed)} per key
      </dd>
      <dt>Latency</dt>
      <dd>${s.latencyMs} ms added to every answer</dd>
      <dt>Fault rate</dt>
      <dd>${(s.faultRate * 100).toFixed(1)}% of answers are an injected 5xx</dd>
      <dt>Chain</dt>
      <dd>${s.blockTime > 0 ? `a block every ${s.blockTime} s` : 'moves only on control calls'}</dd>
    </dl>
    <h3>Errors on demand: <code>Prefer</code></h3>
    <p>
      Any status the spec documents for an operation, or a delay of up to ${s.maxDelayMs} ms, for one request:
    </p>
    <pre><code>curl -H 'Prefer: code=429' ${origin}/extended
curl -H 'Prefer: delay=250' ${origin}/extended</code></pre>
    <p>
      A preference the mock cannot honour is ignored and named in the
      <code>X-Mock-Prefer-Ignored</code> header.
    </p>`;
}
