import type { Exchanges, Ok } from './api.ts';
import { errorLine, facts, h, link, table } from './dom.ts';
import { short, statusClass, stx } from './format.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

export const PAGE_SIZE = 20;

/** Balances (get_account_balance) and one page of history (get_account_transactions_with_transfers). */
export async function addressView(x: Exchanges, [principal = '', from = '0']: string[]): Promise<Drawn> {
  const offset = Math.max(0, Number.parseInt(from, 10) || 0);
  const path = { principal };
  const [balances, history] = await Promise.all([
    x.get<Ok<'get_account_balance'>>(urlFor('get_account_balance', { path })),
    x.get<Ok<'get_account_transactions_with_transfers'>>(
      urlFor('get_account_transactions_with_transfers', { path, query: { limit: PAGE_SIZE, offset } }),
    ),
  ]);
  const title = `Address ${principal}`;
  if (!balances.ok) return { title, content: [errorLine(balances.error)] };
  const s = balances.body.stx;
  const content: (Node | string)[] = [
    h('h3', {}, 'Balances'),
    facts([
      [
        'STX balance',
        [h('span', { id: 'stx-balance', class: 'mono' }, s.balance), ` micro-STX (${stx(s.balance)})`],
      ],
      ['Estimated (with pending)', s.estimated_balance === undefined ? '—' : stx(s.estimated_balance)],
      ['Locked', stx(s.locked)],
      [
        'Sent / received / fees',
        `${stx(s.total_sent)} / ${stx(s.total_received)} / ${stx(s.total_fees_sent)}`,
      ],
    ]),
    ...tokens(balances.body),
    h('h3', {}, 'History'),
  ];
  if (!history.ok) return { title, content: [...content, errorLine(history.error)] };
  const page = history.body;
  content.push(
    table(
      ['Transaction', 'Type', 'Status', 'Block', 'STX sent', 'STX received'],
      page.results.map((r) => [
        link(`#/tx/${r.tx.tx_id}`, short(r.tx.tx_id)),
        r.tx.tx_type,
        h('span', { class: statusClass(r.tx.tx_status) }, r.tx.tx_status),
        link(`#/block/${r.tx.block_height}`, String(r.tx.block_height)),
        stx(r.stx_sent),
        stx(r.stx_received),
      ]),
      ['Block', 'STX sent', 'STX received'],
    ),
    pager(principal, page.offset, page.limit, page.total),
  );
  return { title, content };
}

function tokens(b: Ok<'get_account_balance'>): HTMLElement[] {
  const rows = [
    ...Object.entries(b.fungible_tokens).map(([asset, t]) => [asset, 'fungible', t.balance]),
    ...Object.entries(b.non_fungible_tokens).map(([asset, t]) => [asset, 'non-fungible', t.count]),
  ];
  return rows.length ? [table(['Asset', 'Kind', 'Held'], rows, ['Held'])] : [];
}

function pager(principal: string, offset: number, limit: number, total: number): HTMLElement {
  const at = (n: number): string => `#/address/${principal}/${n}`;
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'History pages' },
    offset > 0 ? link(at(Math.max(0, offset - limit)), 'Newer') : '',
    `${total === 0 ? 0 : offset + 1}–${Math.min(offset + limit, total)} of ${total}`,
    offset + limit < total ? link(at(offset + limit), 'Older') : '',
  );
}
