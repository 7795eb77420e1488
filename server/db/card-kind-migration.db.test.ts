import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase, queryRows } from './client';
import { PGLITE_EXTENSIONS } from './extensions';
import { migrationsFolder } from './migrate';
import { record, text } from './rows';

/**
 * Migration 0037 (issue 43 point 2): the access log and the timeline's card details stored with the
 * old words (card_pdf / card_anonymous, pdf / anonymous) read `full` / `anonymised` afterwards, and
 * nothing else changes. Rows are written on a database migrated up to 0036, then 0037 runs over them.
 */
describe('migration 0037: one word pair for the card kind', () => {
  let pglite: PGlite;
  let handle: DbHandle;
  let upTo0036: string;
  const profile = crypto.randomUUID();

  beforeAll(async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    upTo0036 = mkdtempSync(join(tmpdir(), 'matchwerk-0036-'));
    cpSync(migrationsFolder, upTo0036, { recursive: true });
    writeFileSync(
      join(upTo0036, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 36) }),
    );
    pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    handle = await openDatabase({ pglite });
    await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder: upTo0036 });
    await handle.db.execute(sql`insert into profiles (id, type) values (${profile}, 'stella')`);
    for (const what of ['profile', 'card_pdf', 'card_anonymous', 'results_csv'])
      await handle.db.execute(
        sql`insert into agent_access_log (agent_email, profile_id, what) values ('a@agents.test', ${profile}, ${what})`,
      );
    const events = [
      ['card.downloaded', { format: 'pdf' }],
      ['card.downloaded', { format: 'anonymous' }],
      ['card.sent', { format: 'anonymous', job: 'j1', jobTitle: 'Tischler', contact: 'Anna Krüger' }],
      ['card.sent', { format: 'full', job: 'j1', jobTitle: 'Tischler', contact: 'Anna Krüger' }],
      ['profile.edited', { format: 'anonymous' }],
    ] as const;
    for (const [action, details] of events)
      await handle.db.execute(
        sql`insert into timeline_entries (id, profile_id, kind, action, details)
            values (${crypto.randomUUID()}, ${profile}, 'event', ${action}, ${JSON.stringify(details)}::jsonb)`,
      );
    await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    rmSync(upTo0036, { recursive: true, force: true });
  });

  it('renames the access log’s card reads and keeps the others', async () => {
    const rows = await queryRows(
      handle.db,
      sql`select what from agent_access_log where profile_id = ${profile} order by id`,
      v.object({ what: text }),
    );
    expect(rows.map((r) => r.what)).toEqual(['profile', 'card_full', 'card_anonymised', 'results_csv']);
  });

  it('refuses the old words from now on', async () => {
    await expect(
      handle.db.execute(
        sql`insert into agent_access_log (agent_email, profile_id, what) values ('a@agents.test', ${profile}, 'card_pdf')`,
      ),
    ).rejects.toThrow();
  });

  it('renames the format of card downloads and sends, the rest of their details as they were', async () => {
    const rows = await queryRows(
      handle.db,
      sql`select action, details from timeline_entries where profile_id = ${profile} order by created_at, id`,
      v.object({ action: text, details: record }),
    );
    expect(rows.map((r) => [r.action, r.details])).toEqual(
      expect.arrayContaining([
        ['card.downloaded', { format: 'full' }],
        ['card.downloaded', { format: 'anonymised' }],
        ['card.sent', { format: 'anonymised', job: 'j1', jobTitle: 'Tischler', contact: 'Anna Krüger' }],
        ['card.sent', { format: 'full', job: 'j1', jobTitle: 'Tischler', contact: 'Anna Krüger' }],
        // Another event's details are no card's: untouched.
        ['profile.edited', { format: 'anonymous' }],
      ]),
    );
    expect(rows).toHaveLength(5);
  });
});
