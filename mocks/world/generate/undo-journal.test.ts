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
});
