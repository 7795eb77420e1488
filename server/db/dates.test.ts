import { describe, expect, it } from 'vitest';
import { isoTime } from './dates';

describe('isoTime', () => {
  it('writes a driver Date, a JSON string with an offset and null as the API does', () => {
    expect(isoTime(new Date(Date.UTC(2026, 10, 29, 8, 30)))).toBe('2026-11-29T08:30:00.000Z');
    expect(isoTime('2026-11-29 09:30:00+01')).toBe('2026-11-29T08:30:00.000Z');
    expect(isoTime('2026-11-29T09:30:00.123+01:00')).toBe('2026-11-29T08:30:00.123Z');
    expect(isoTime(null)).toBeNull();
  });
});
