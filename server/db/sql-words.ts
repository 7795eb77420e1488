import { type SQL, sql } from 'drizzle-orm';

/**
 * Fixed words of the code (run states, statuses) as an SQL list `('a', 'b')` in the statement's
 * text, not as parameters: a partial index's predicate, and an ON CONFLICT that names it, must be
 * matched by the text (the planner cannot prove a parameter lies in the index). Never for input.
 */
export function sqlWordList(words: readonly string[]): SQL {
  for (const word of words) if (!/^[a-z_]+$/.test(word)) throw new Error(`Not a plain word: ${word}`);
  return sql.raw(`(${words.map((word) => `'${word}'`).join(', ')})`);
}
