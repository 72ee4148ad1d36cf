/// <reference lib="dom" />
// The page's live feed: the mock's JSON-RPC channel (docs/live-updates.md), blocks and the mempool
// as they are announced. Where there is no channel (the page behind MSW's worker, a proxy that does
// not pass websockets) the page keeps its polling alone.

export interface LiveEvent {
  kind: 'block' | 'mempool';
  /** A block's height, or a transaction's id. */
  id: string;
  /** A transaction's status; a block has none. */
  status?: string;
}

/** Calls `onEvent` for each announced block and mempool transaction; reconnects after a drop. */
export function followLiveUpdates(
  onEvent: (event: LiveEvent) => void,
  onState: (live: boolean) => void,
): void {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/extended/v1/ws`;
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch {
    return onState(false);
  }
  socket.addEventListener('open', () => {
    onState(true);
    socket.send('{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"block"}}');
    socket.send('{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"event":"mempool"}}');
  });
  socket.addEventListener('message', (message) => {
    const m = JSON.parse(String(message.data)) as {
      method?: string;
      params?: { height?: number; tx_id?: string; tx_status?: string };
    };
    if (m.method === 'block') onEvent({ kind: 'block', id: String(m.params?.height) });
    else if (m.method === 'mempool')
      onEvent({ kind: 'mempool', id: String(m.params?.tx_id), status: String(m.params?.tx_status) });
  });
  socket.addEventListener('close', () => {
    onState(false);
    setTimeout(() => followLiveUpdates(onEvent, onState), 5_000);
  });
}
