/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { Exchanges, type Sent } from './api.ts';
import { errorLine, h, requestLine } from './dom.ts';

/** Wires the server-drawn control forms to the control plane; `changed` runs after a change. */
export function wireControls(changed: () => void): void {
  const result = document.getElementById('control-result');
  if (!result) return;
  const token = (): string | undefined =>
    (document.getElementById('control-token') as HTMLInputElement | null)?.value || undefined;
  const value = (id: string): string => (document.getElementById(id) as HTMLInputElement).value;
  const act = async (request: Sent, then?: (body: unknown) => void): Promise<void> => {
    const x = new Exchanges();
    result.replaceChildren(h('p', {}, 'Sending…'));
    const answer = await x.send<unknown>(request, token());
    result.replaceChildren(
      requestLine(x.sent[0] as Sent),
      answer.ok ? h('pre', {}, h('code', {}, JSON.stringify(answer.body, null, 2))) : errorLine(answer.error),
    );
    if (answer.ok) {
      changed();
      then?.(answer.body);
    }
  };
  const on = (id: string, request: () => Sent, then?: (body: unknown) => void): void =>
    document.getElementById(id)?.addEventListener('submit', (event) => {
      event.preventDefault();
      void act(request(), then);
    });
  on('mine-form', () => ({
    method: 'POST',
    path: '/_mock/mine',
    body: { blocks: Number(value('mine-blocks')) },
  }));
  on('reorg-form', () => ({
    method: 'POST',
    path: '/_mock/reorg',
    body: { depth: Number(value('reorg-depth')) },
  }));
  on('reset-form', () => ({ method: 'POST', path: '/_mock/reset' }));
  on(
    'transfer-form',
    () => {
      const memo = value('transfer-memo');
      return {
        method: 'POST',
        path: '/_mock/transactions',
        body: {
          type: 'token_transfer',
          sender: value('transfer-sender'),
          recipient: value('transfer-recipient'),
          amount: Number(value('transfer-amount')),
          fee: Number(value('transfer-fee')),
          ...(memo ? { memo } : {}),
        },
      };
    },
    (body) => (location.hash = `#/tx/${(body as { tx_id: string }).tx_id}`),
  );
}
