import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { STATUS_TEXTS } from './status-texts.ts';

describe('STATUS_TEXTS', () => {
  it("is Node's STATUS_CODES, status for status", () => {
    expect(STATUS_TEXTS).toEqual(Object.fromEntries(Object.entries(STATUS_CODES)));
  });
});
