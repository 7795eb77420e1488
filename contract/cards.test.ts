import { describe, expect, it } from 'vitest';
import { ACCESS_KINDS } from './agent';
import { cardKindOf } from './card-words';
import { CARD_KINDS, cardAccess } from './cards';

describe('the card kind (issue 43 point 2)', () => {
  it('reads today’s words as they are and the words before migration 0037 as today’s', () => {
    for (const kind of CARD_KINDS) expect(cardKindOf(kind)).toBe(kind);
    expect(cardKindOf('pdf')).toBe('full');
    expect(cardKindOf('anonymous')).toBe('anonymised');
  });

  it('names no kind for any other word, nor for what is no word', () => {
    for (const word of [
      'docx',
      'PDF',
      'Anonymous',
      '',
      'toString',
      'constructor',
      '__proto__',
      undefined,
      1,
      null,
    ])
      expect(cardKindOf(word), String(word)).toBeUndefined();
  });

  it('logs a card read in the access log’s words, one per kind', () => {
    expect(CARD_KINDS.map(cardAccess)).toEqual(['card_full', 'card_anonymised']);
    for (const kind of CARD_KINDS) expect(ACCESS_KINDS).toContain(cardAccess(kind));
  });
});
