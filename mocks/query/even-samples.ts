/** Items kept per list: the catalogue shows a few examples of each kind, not all of them. */
export const SAMPLES = 5;

/**
 * Up to SAMPLES items spread evenly over each of several lists, without holding the lists: a first
 * pass counts every list's items (`add`), `rewind()`, then the same items in the same order keep
 * the ones at positions floor(k * length / SAMPLES). Ten million transactions sorted into lists
 * would be ten million numbers on the heap to keep a few dozen of them.
 */
export class EvenSamples {
  private readonly counts: Int32Array;
  private readonly seen: Int32Array;
  private readonly next: Int32Array;
  private counting = true;
  readonly picked: number[][];

  constructor(lists: number) {
    this.counts = new Int32Array(lists);
    this.seen = new Int32Array(lists);
    this.next = new Int32Array(lists);
    this.picked = Array.from({ length: lists }, () => []);
  }

  add(list: number, item: number): void {
    if (this.counting) {
      this.counts[list] = (this.counts[list] as number) + 1;
      return;
    }
    const position = this.seen[list] as number;
    this.seen[list] = position + 1;
    const length = this.counts[list] as number;
    const k = this.next[list] as number;
    const target = length <= SAMPLES ? k : Math.floor((k * length) / SAMPLES);
    if (k < SAMPLES && position === target) {
      (this.picked[list] as number[]).push(item);
      this.next[list] = k + 1;
    }
  }

  /** Ends the counting pass: the same items, in the same order, are added again. */
  rewind(): void {
    this.counting = false;
  }
}
