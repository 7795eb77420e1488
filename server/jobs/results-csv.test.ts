import { describe, expect, it } from 'vitest';
import { csvCell } from './results-csv';

describe('a CSV cell (RFC 4180, OWASP CSV injection)', () => {
  it('quotes every text, whether or not it holds a separator, and doubles its quotes', () => {
    expect(csvCell('Berlin')).toBe('"Berlin"');
    expect(csvCell('Müller, Anna; Köln')).toBe('"Müller, Anna; Köln"');
    expect(csvCell('say "hi"\r\nthere')).toBe('"say ""hi""\r\nthere"');
  });

  it('defuses a formula after any separator or line break, for a spreadsheet that splits on the other separator', () => {
    expect(csvCell('x,=1+2,')).toBe(`"x,'=1+2,"`);
    expect(csvCell("y;=cmd|' /C calc'!A0;")).toBe(`"y;'=cmd|' /C calc'!A0;"`);
    expect(csvCell('a\t@SUM(A1)')).toBe(`"a\t'@SUM(A1)"`);
    expect(csvCell('a\n-1+1')).toBe(`"a\n'-1+1"`);
    // However the file is split, by any separator or line break, quotes or not, no part starts a formula.
    const hostile = [
      'x,=1+2,',
      'y;=1+2;',
      '=a,+b;-c\t@d',
      'ok,\t=tab',
      ',,=x',
      ';;;@y',
      'a\r=b',
      'a\r\n+b',
      '"=q",=r',
    ];
    for (const value of hostile) {
      for (const split of [/,/, /;/, /\t/, /\r\n|\r|\n/, /[,;\t\r\n]/]) {
        for (const part of csvCell(value).split(split)) {
          const cell = part.replace(/^"/, '');
          expect(cell, `${JSON.stringify(value)} split on ${split}`).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
    }
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
