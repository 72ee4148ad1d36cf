/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { curlOf, type Sent } from './api.ts';

type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** An element with attributes (`on…`: a listener) and children; text is never parsed as markup. */
export function h(tag: string, props: Props = {}, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== undefined && value !== false) el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** One request: its method and path, and a button that copies it as a curl command. */
export function requestLine(request: Sent): HTMLElement {
  const curl = curlOf(request, location.origin);
  const button = h('button', { type: 'button', 'data-curl': curl }, 'Copy as curl');
  const manual = h('code', { hidden: true }, curl);
  button.addEventListener('click', () => {
    // The clipboard may be refused (no permission, no focus): the command is then shown to copy by hand.
    navigator.clipboard.writeText(curl).then(
      () => (button.textContent = 'Copied'),
      () => manual.removeAttribute('hidden'),
    );
  });
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`;
  return h(
    'div',
    { class: 'request' },
    h('code', {}, `${request.method} ${request.path}${body}`),
    button,
    manual,
  );
}

/** The requests behind a view, shown above it. */
export function requestsBehind(sent: Sent[]): HTMLElement {
  return h(
    'section',
    { class: 'behind', 'aria-labelledby': 'behind-heading' },
    h(
      'h3',
      { id: 'behind-heading' },
      sent.length === 1 ? 'The request behind this view' : 'The requests behind this view',
    ),
    sent.map((r) => requestLine(r)),
  );
}

export function errorLine(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, message);
}

/** A two-column list of facts. */
export function facts(rows: [string, Child | Child[]][]): HTMLElement {
  return h(
    'dl',
    { class: 'facts' },
    rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

export function table(headings: string[], rows: Child[][], numeric: string[] = []): HTMLElement {
  const cls = (heading: string): string | undefined => (numeric.includes(heading) ? 'num' : undefined);
  return h(
    'table',
    {},
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headings.map((t) => h('th', { scope: 'col', class: cls(t) }, t)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) =>
        h(
          'tr',
          {},
          cells.map((c, i) => h('td', { class: cls(headings[i] ?? '') }, c)),
        ),
      ),
    ),
  );
}

export function link(href: string, text: string): HTMLElement {
  return h('a', { href }, text);
}
