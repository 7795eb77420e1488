import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { countedTotal } from './list-counts';

/** A database whose counts answer when the test says, and which counts how often it was asked. */
function slowDatabase() {
  const asked: string[] = [];
  const answers: ((total: number) => void)[] = [];
  const db = {
    execute: (query: unknown) => {
      asked.push(String(query));
      return new Promise((resolve) => answers.push((total) => resolve({ rows: [{ total: String(total) }] })));
    },
  } as unknown as Database;
  return { db, asked, answer: (total: number) => answers.shift()!(total) };
}

/** No write was settling while the count was read (server/db/kept.ts): the count may be kept. */
const settled = true;
const unsettled = false;

const count = (type: string) => sql`select count(*) as total from profiles where type = ${type}`;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('kept totals of the candidate tables', () => {
  it('counts once for agents asking the same at once, and each gets the total', async () => {
    const { db, asked, answer } = slowDatabase();
    const totals = Promise.all([1, 2, 3].map(() => countedTotal(db, '7:true', count('stella'), settled)));
    await flush();
    expect(asked).toHaveLength(1);
    answer(70_077);
    expect(await totals).toEqual([70_077, 70_077, 70_077]);
  });

  it('keeps the total until the generation moves, and counts other filters on their own', async () => {
    const { db, asked, answer } = slowDatabase();
    const first = countedTotal(db, '7:true', count('luna'), settled);
    await flush();
    answer(61);
    expect(await first).toBe(61);
    expect(await countedTotal(db, '7:true', count('luna'), settled)).toBe(61);
    expect(asked).toHaveLength(1);

    const other = countedTotal(db, '7:true', count('nova'), settled);
    const moved = countedTotal(db, '8:true', count('luna'), settled);
    await flush();
    expect(asked).toHaveLength(3);
    answer(36);
    answer(62);
    expect([await other, await moved]).toEqual([36, 62]);
  });

  it('does not keep a total counted while a write was settling, so the next reader counts again', async () => {
    const { db, asked, answer } = slowDatabase();
    const first = countedTotal(db, '9:true', count('stella'), unsettled);
    await flush();
    answer(500);
    expect(await first).toBe(500);
    const second = countedTotal(db, '9:true', count('stella'), settled);
    await flush();
    expect(asked).toHaveLength(2);
    answer(501);
    expect(await second).toBe(501);
    expect(await countedTotal(db, '9:true', count('stella'), settled)).toBe(501);
    expect(asked).toHaveLength(2);
  });
});
