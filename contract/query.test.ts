import { describe, expect, it } from 'vitest';
import { integerRangePattern } from './query';

/*
 * The API reference gives a query number's bounds as a pattern (a query parameter is text): it must
 * take exactly the numbers the bounds let through, written without leading zeros.
 */
describe('integerRangePattern', () => {
  it('matches exactly min..max, for every bound the queries use and some awkward ones', () => {
    const ranges: [number, number][] = [
      [1, 100],
      [0, 100],
      [1, 10_000],
      [0, 9],
      [5, 5],
      [7, 93],
      [19, 1_201],
      [999, 1_000],
      [1, 100_000],
    ];
    for (const [min, max] of ranges) {
      const pattern = new RegExp(integerRangePattern(min, max));
      const wrong: number[] = [];
      for (let n = 0; n <= max * 2 + 10; n++)
        if (pattern.test(String(n)) !== (n >= min && n <= max)) wrong.push(n);
      expect(wrong, `${min}..${max}: ${pattern}`).toEqual([]);
      expect(pattern.test(`0${min}`), `${min}..${max} with a leading zero`).toBe(false);
      expect(pattern.test(''), `${min}..${max}, empty`).toBe(false);
    }
  });

  it('is the pattern the reference shows for 1..100', () => {
    expect(integerRangePattern(1, 100)).toBe('^(?:[1-9]|[1-9][0-9]|100)$');
  });
});
