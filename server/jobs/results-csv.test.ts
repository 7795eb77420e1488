import { describe, expect, it } from 'vitest';
import { csvCell } from './results-csv';

describe('a CSV cell (RFC 4180, OWASP CSV injection)', () => {
  it('quotes every text, whether or not it holds a separator, and doubles its quotes', () => {
    expect(csvCell('Berlin')).toBe('"Berlin"');
    expect(csvCell('x,=1+2,')).toBe('"x,=1+2,"');
    expect(csvCell("y;=cmd|' /C calc'!A0;")).toBe(`"y;=cmd|' /C calc'!A0;"`);
    expect(csvCell('say "hi"\r\nthere')).toBe('"say ""hi""\r\nthere"');
  });

  it('defuses a text that starts with = + - @, a tab or a carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    }
    expect(csvCell('a=1')).toBe('"a=1"');
  });

  it('writes the numbers the export formats itself bare, and nothing for a missing value', () => {
    expect(csvCell({ number: '12,5' })).toBe('12,5');
    expect(csvCell(null)).toBe('');
  });
});
