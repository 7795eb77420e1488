import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CountRow, day, int, num, record, time, timeOrNull } from './rows';

describe('raw row column readers', () => {
  it("write both drivers' timestamps as the API does", () => {
    expect(v.parse(time, new Date(Date.UTC(2026, 10, 29, 8, 30)))).toBe('2026-11-29T08:30:00.000Z');
    expect(v.parse(time, '2026-11-29 09:30:00+01')).toBe('2026-11-29T08:30:00.000Z');
    expect(v.parse(timeOrNull, null)).toBeNull();
  });

  it("read PostgreSQL's text counts and numerics as numbers", () => {
    expect(v.parse(int, '42')).toBe(42);
    expect(v.parse(int, 42n)).toBe(42);
    expect(v.parse(num, '0.75')).toBe(0.75);
    expect(() => v.parse(int, '4.5')).toThrow();
  });

  it('write a date column as its calendar day whichever driver read it', () => {
    expect(v.parse(day, '2026-11-29')).toBe('2026-11-29');
    expect(v.parse(day, new Date(2026, 10, 29))).toBe('2026-11-29');
  });

  it('read a count row as a number and a jsonb object as its record, whichever driver', () => {
    expect(v.parse(CountRow, { n: '12' })).toEqual({ n: 12 });
    expect(v.parse(record, { first_name: 'Anna' })).toEqual({ first_name: 'Anna' });
    expect(() => v.parse(record, ['not', 'an', 'object'])).toThrow();
  });

  it('refuse a row that does not fit (a programming error, not a silent cast)', () => {
    expect(() => v.parse(v.object({ n: int }), { n: 'many' })).toThrow();
  });
});
