/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Exchanges } from './api.ts';

/** What a view draws: its heading and its content, from the requests it made through `x`. */
export interface Drawn {
  title: string;
  content: (Node | string)[];
}

export type View = (x: Exchanges, args: string[]) => Promise<Drawn>;
