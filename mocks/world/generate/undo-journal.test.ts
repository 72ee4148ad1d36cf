import { describe, expect, it } from 'vitest';
import { UndoJournal } from './undo-journal.ts';
import type { Amount } from '../amount.ts';

function undone(journal: UndoJournal, mark: number): Amount[][] {
  const records: Amount[][] = [];
  journal.rewind(mark, (kind, a, b, c, d) => records.push([kind, a, b, c, d]));
  return records;
}

describe('UndoJournal', () => {
  it('hands back the records after a mark, newest first, with their operands', () => {
    const j = new UndoJournal();
    j.push(1, 10);
    const mark = j.mark();
    j.push(2, 20, 21);
    j.push(3, 30, 31, 32, 33);
    expect(undone(j, mark)).toEqual([
      [3, 30, 31, 32, 33],
      [2, 20, 21, 0, 0],
    ]);
    expect(j.mark()).toBe(mark);
    expect(undone(j, 0)).toEqual([[1, 10, 0, 0, 0]]);
  });

  it('keeps marks counting from the first record after forgetting the oldest', () => {
    const j = new UndoJournal();
    for (let i = 0; i < 1000; i++) j.push(i, i);
    j.forget(600);
    expect(j.mark()).toBe(1000);
    expect(undone(j, 998).map((r) => r[0])).toEqual([999, 998]);
    expect(undone(j, 600)).toHaveLength(398);
    expect(() => undone(j, 599)).toThrow(RangeError);
  });

  it('forgets nothing before its start and everything when asked past its end', () => {
    const j = new UndoJournal();
    j.push(1, 1);
    j.push(2, 2);
    j.forget(0);
    expect(undone(j, 1)).toEqual([[2, 2, 0, 0, 0]]);
    j.forget(5);
    expect(j.mark()).toBe(5);
    expect(undone(j, 5)).toEqual([]);
  });

  it('hands back amounts past 2^53 exactly, after forgetting the oldest records too', () => {
    const j = new UndoJournal();
    for (let i = 0; i < 10; i++) j.push(i, i, 2n ** 100n + BigInt(i), i % 2 ? 2n ** 60n : i);
    j.forget(4);
    expect(undone(j, 8)).toEqual([
      [9, 9, 2n ** 100n + 9n, 2n ** 60n, 0],
      [8, 8, 2n ** 100n + 8n, 8, 0],
    ]);
    j.push(8, 8, 5, 6);
    expect(undone(j, 6)).toEqual([
      [8, 8, 5, 6, 0],
      [7, 7, 2n ** 100n + 7n, 2n ** 60n, 0],
      [6, 6, 2n ** 100n + 6n, 6, 0],
    ]);
  });
});
