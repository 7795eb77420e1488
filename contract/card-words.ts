import { CARD_KINDS, type CardKind } from './cards';

// Apart from contract/cards.ts, which the login's shared file carries (contract/agent.ts and
// contract/pipeline.ts need the kinds): only a timeline and the card URL read old words.

/**
 * The words before issue 43 (`pdf` for the full card, `anonymous`), still read where they may turn
 * up: an old link to a card, a timeline row restored from a backup older than migration 0037.
 */
const OLD_CARD_WORDS: Readonly<Record<string, CardKind>> = { pdf: 'full', anonymous: 'anonymised' };

/** The card kind a word names, today's or an old one; undefined for anything else. */
export function cardKindOf(word: unknown): CardKind | undefined {
  if (typeof word !== 'string') return undefined;
  if ((CARD_KINDS as readonly string[]).includes(word)) return word as CardKind;
  return Object.hasOwn(OLD_CARD_WORDS, word) ? OLD_CARD_WORDS[word] : undefined;
}
