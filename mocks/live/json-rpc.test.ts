import { describe, expect, it } from 'vitest';
import { releaseProfile } from '../../spec/releases/releases.ts';
import { JsonRpcChannel, type RpcClient } from './json-rpc.ts';

// The JSON-RPC channel's answers, byte for byte, as the real service's ws-rpc-channel.ts sends
// them (both write them with jsonrpc-lite 2.2.0): docs/live-updates.md lists them.
function session(version = '9.0.2'): { channel: JsonRpcChannel; client: RpcClient; got: string[] } {
  const got: string[] = [];
  return { channel: new JsonRpcChannel(releaseProfile(version)), client: { send: (t) => got.push(t) }, got };
}

const TX = `0x${'ab'.repeat(32)}`;
const ADDRESS = 'ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC';

describe('the JSON-RPC channel', () => {
  it.each([
    [
      'not json',
      '{"jsonrpc":"2.0","id":null,"error":{"message":"Parse error","code":-32700,"data":"not json"}}',
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"subscribe"}',
      '{"jsonrpc":"2.0","id":1,"error":{"message":"Invalid params","code":-32602,"data":"subscription requests must include an event name"}}',
    ],
    [
      '{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"event":"blocks"}}',
      '{"jsonrpc":"2.0","id":2,"error":{"message":"Invalid params","code":-32602,"data":"subscription request must use a valid event name"}}',
    ],
    [
      '{"jsonrpc":"2.0","id":3,"method":"subscribe","params":{"event":"tx_update","tx_id":"0x12"}}',
      '{"jsonrpc":"2.0","id":3,"error":{"message":"Invalid params","code":-32602,"data":"invalid tx_id"}}',
    ],
    [
      '{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"event":"address_tx_update","address":"SP000"}}',
      '{"jsonrpc":"2.0","id":4,"error":{"message":"Invalid params","code":-32602,"data":"invalid address"}}',
    ],
    [
      '{"jsonrpc":"2.0","id":5,"method":"ping"}',
      '{"jsonrpc":"2.0","id":5,"error":{"message":"Method not found","code":-32601}}',
    ],
    [
      `{"jsonrpc":"2.0","id":6,"method":"subscribe","params":{"event":"tx_update","tx_id":"${TX.slice(2).toUpperCase()}"}}`,
      `{"jsonrpc":"2.0","id":6,"result":{"tx_id":"${TX}"}}`,
    ],
    [
      `{"jsonrpc":"2.0","id":7,"method":"subscribe","params":{"event":"address_balance_update","address":"${ADDRESS}"}}`,
      `{"jsonrpc":"2.0","id":7,"result":{"address":"${ADDRESS}"}}`,
    ],
    [
      '{"jsonrpc":"2.0","id":8,"method":"unsubscribe","params":{"event":"block"}}',
      '{"jsonrpc":"2.0","id":8,"result":{}}',
    ],
    [
      '{"jsonrpc":"2.0","id":9,"result":{}}',
      '{"jsonrpc":"2.0","id":9,"error":{"message":"Invalid request","code":-32600,"data":"unexpected success msg from client"}}',
    ],
    ['{"jsonrpc":"2.0","method":"subscribe","params":{"event":"block"}}', undefined],
    [
      '[{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"mempool"}},{"jsonrpc":"2.0","method":"x"}]',
      '[{"jsonrpc":"2.0","id":1,"result":{}}]',
    ],
  ])('answers %s with %s', (message, answer) => {
    const { channel, client, got } = session();
    channel.receive(client, message);
    expect(got).toEqual(answer === undefined ? [] : [answer]);
  });

  it('subscribes a client to the topic it names, once, until it unsubscribes or goes away', () => {
    const { channel, client } = session();
    channel.receive(
      client,
      `{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"tx_update","tx_id":"${TX}"}}`,
    );
    channel.receive(client, '{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"event":"block"}}');
    expect(channel.topicsOf(client)).toEqual([`transaction:${TX}`, 'block']);
    channel.receive(client, '{"jsonrpc":"2.0","id":3,"method":"unsubscribe","params":{"event":"block"}}');
    expect([channel.wants('block'), channel.wants(`transaction:${TX}`)]).toEqual([false, true]);
    channel.drop(client);
    expect(channel.wantsPrefix('transaction:')).toBe(false);
  });

  it('reads a binary frame as text from v9 on; v8 refused it', () => {
    const frame = new TextEncoder().encode(
      '{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"block"}}',
    );
    const v9 = session('9.0.2');
    v9.channel.receive(v9.client, frame);
    expect(v9.got).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}']);
    const v8 = session('8.11.6');
    v8.channel.receive(v8.client, frame);
    expect(v8.got).toEqual([
      '{"jsonrpc":"2.0","id":null,"error":{"message":"Parse error","code":-32700,"data":"unexpected data type: Buffer"}}',
    ]);
  });
});
