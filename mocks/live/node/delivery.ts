/**
 * How the live channels treat a slow or silent client: the real service's defaults
 * (`STACKS_API_WS_PING_INTERVAL`, `_PING_TIMEOUT`, `_MESSAGE_TIMEOUT`: 5 s each).
 */
export interface DeliveryLimits {
  /** A ping this often; a JSON-RPC client that has not answered by the next loses its subscriptions. */
  pingIntervalMs: number;
  /** socket.io disconnects a client that has not answered a ping within this. */
  pingTimeoutMs: number;
  /** A JSON-RPC client whose messages have waited in its socket this long loses its subscriptions. */
  messageTimeoutMs: number;
  /** How often the JSON-RPC channel looks for such clients. */
  checkIntervalMs: number;
}

export const DELIVERY_LIMITS: DeliveryLimits = {
  pingIntervalMs: 5_000,
  pingTimeoutMs: 5_000,
  messageTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};
