// How an engine's thread is told to start an engine: the first in its `workerData`, each later
// one (on a thread engine-bridge.ts kept) in a message.
import type { MessagePort } from 'node:worker_threads';
import type { Start } from '../engine-wire.ts';

/** An engine's start as its thread takes it: with the port its calls cross on, and their signal. */
export interface EngineStart extends Start {
  port: MessagePort;
  signal: Int32Array;
}

/** Another engine to start on a thread whose last engine was closed. */
export interface Next {
  next: EngineStart;
}
