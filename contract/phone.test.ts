import { describe, expect, it } from 'vitest';
import { phoneForReader, phoneSearchDigits, phoneToDial, toE164 } from './phone';

// Expectations written from the numbering plans (Bundesnetzagentur, RTR), not from the library's answers.
describe('toE164: a number as a person types it becomes the one stored form', () => {
  it.each([
    ['0151 23456789', '+4915123456789'],
    ['01512 3456789', '+4915123456789'],
    ['+49 151 23456789', '+4915123456789'],
    ['0049 151 23456789', '+4915123456789'],
    ['(030) 123 4567', '+49301234567'],
    ['089/1234-5678', '+498912345678'],
    ['+43 664 1234567', '+436641234567'],
    [' 0043 664 1234567 ', '+436641234567'],
  ])('%s → %s', (typed, stored) => {
    expect(toE164(typed)).toBe(stored);
  });

  it.each([['12345'], ['0151 234'], ['+49151234'], ['0123 456789'], ['Hausnummer 5'], [''], ['+']])(
    '%s is no phone number',
    (typed) => {
      expect(toE164(typed)).toBeNull();
    },
  );
});

describe('phoneForReader: a stored number as a reader in the agency sees it', () => {
  it('shows numbers of the home country nationally, others internationally', () => {
    expect(phoneForReader('+4915123456789')).toBe('01512 3456789');
    expect(phoneForReader('+49301234567')).toBe('030 1234567');
    expect(phoneForReader('+436641234567')).toBe('+43 664 1234567');
  });

  it('gives back what it cannot read', () => {
    expect(phoneForReader('not a number')).toBe('not a number');
  });
});

describe('phoneSearchDigits: a query that is a phone number, as the digits its stored form begins with', () => {
  it.each([
    ['0151 234', '49151234'],
    ['0151234', '49151234'],
    ['+49151234', '49151234'],
    ['+49 151 234', '49151234'],
    ['0049 151-234', '49151234'],
    ['+43 664', '43664'],
    ['030/12', '4930'.concat('12')],
  ])('%s → %s', (q, digits) => {
    expect(phoneSearchDigits(q)).toBe(digits);
  });

  it.each([['Schmidt'], ['0151 Schmidt'], ['12345'], ['+4'], ['01'], ['c++']])(
    '%s is no phone query',
    (q) => {
      expect(phoneSearchDigits(q)).toBeNull();
    },
  );
});

describe('phoneToDial: a stored number as dialled from the home country (a file a spreadsheet opens)', () => {
  it('never begins with +', () => {
    expect(phoneToDial('+4915123456789')).toBe('01512 3456789');
    expect(phoneToDial('+436641234567')).toBe('00 43 664 1234567');
  });
});
