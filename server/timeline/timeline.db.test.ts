import { beforeEach, describe, expect, it } from 'vitest';
import { NOTE_EDIT_WINDOW_MS } from '../../contract/timeline';
import { recordAction } from '../agents/audit';
import type { Caller } from '../auth/caller';
import { companies } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import {
  addTimelineEntry,
  agentEditsOf,
  editTimelineNote,
  insertTimelineEntry,
  listTimeline,
  type TimelineTarget,
} from './timeline';

// The timeline's domain functions against a real, migrated database: what agents write, who may
// change it, and how a page of it reads.

const db = setUpTestDb();
const caller = (userId: string): Caller => ({
  userId,
  userType: 'agent',
  language: 'de',
  registrationStep: 0,
});
const anna = caller(crypto.randomUUID());
const ben = caller(crypto.randomUUID());
const now = new Date('2026-11-20T10:00:00.000Z');
let company: TimelineTarget;

beforeEach(async () => {
  await db.db.insert(users).values([
    { id: anna.userId, email: 'anna@agentur.example', passwordHash: 'x', userType: 'agent' },
    { id: ben.userId, email: 'ben@agentur.example', passwordHash: 'x', userType: 'agent' },
  ]);
  company = { kind: 'company', id: crypto.randomUUID() };
  await db.db.insert(companies).values({ id: company.id, values: { name: 'Rheinwerk Bau GmbH' } });
});

const page = { page: 1, limit: 20 } as const;

describe("an agent's timeline entries", () => {
  it('writes a note now and a call on its day, newest first, with the author and times as ISO text', async () => {
    const note = await addTimelineEntry(db.db, anna, company, { kind: 'note', text: 'Rückruf erbeten' }, now);
    const call = await addTimelineEntry(
      db.db,
      anna,
      company,
      { kind: 'call', text: 'Bedarf besprochen', at: '2026-11-18T09:00:00.000Z' },
      now,
    );
    expect(note).toMatchObject({
      kind: 'note',
      text: 'Rückruf erbeten',
      author: { uuid: anna.userId, email: 'anna@agentur.example' },
      at: now.toISOString(),
      createdAt: now.toISOString(),
      editedAt: null,
      editableUntil: new Date(now.getTime() + NOTE_EDIT_WINDOW_MS).toISOString(),
    });
    expect(call).toMatchObject({ at: '2026-11-18T09:00:00.000Z', editableUntil: null });
    const listed = await listTimeline(db.db, anna, company, page, now);
    expect(listed.items.map((e) => e.uuid)).toEqual([note.uuid, call.uuid]);
    expect(listed.total).toBe(2);
  });

  it('pages and filters by kind, counting what the filter keeps', async () => {
    for (let i = 0; i < 3; i++)
      await addTimelineEntry(
        db.db,
        anna,
        company,
        { kind: 'note', text: `Notiz ${i}` },
        new Date(now.getTime() + i),
      );
    await recordAction(db.db, anna, company, 'assign', { from: null, to: anna.userId });
    const notes = await listTimeline(db.db, anna, company, { page: 2, limit: 2, kind: 'note' }, now);
    expect(notes.total).toBe(3);
    expect(notes.items.map((e) => e.text)).toEqual(['Notiz 0']);
    const events = await listTimeline(db.db, anna, company, { ...page, kind: 'event' }, now);
    expect(events.items).toMatchObject([{ kind: 'event', action: 'assign', text: null }]);
  });

  it('lets only the author edit a note, within 24 hours of writing it', async () => {
    const note = await addTimelineEntry(db.db, anna, company, { kind: 'note', text: 'Erst' }, now);
    await expect(editTimelineNote(db.db, ben, company, note.uuid, 'Fremd', now)).rejects.toMatchObject({
      status: 403,
      code: 'timeline.not_author',
    });
    const later = new Date(now.getTime() + 60_000);
    const edited = await editTimelineNote(db.db, anna, company, note.uuid, 'Zweit', later);
    expect(edited).toMatchObject({ text: 'Zweit', editedAt: later.toISOString() });
    const tooLate = new Date(now.getTime() + NOTE_EDIT_WINDOW_MS);
    await expect(editTimelineNote(db.db, anna, company, note.uuid, 'Dritt', tooLate)).rejects.toMatchObject({
      status: 409,
      code: 'timeline.edit_expired',
    });
  });

  it('edits no call, and finds no entry through another subject', async () => {
    const call = await addTimelineEntry(
      db.db,
      anna,
      company,
      { kind: 'call', text: 'Telefonat', at: now.toISOString() },
      now,
    );
    await expect(editTimelineNote(db.db, anna, company, call.uuid, 'x', now)).rejects.toMatchObject({
      code: 'timeline.not_editable',
    });
    const otherCompany: TimelineTarget = { kind: 'company', id: crypto.randomUUID() };
    await db.db.insert(companies).values({ id: otherCompany.id });
    const note = await addTimelineEntry(db.db, anna, company, { kind: 'note', text: 'Hier' }, now);
    await expect(editTimelineNote(db.db, anna, otherCompany, note.uuid, 'x', now)).rejects.toMatchObject({
      status: 404,
      code: 'timeline.entry_not_found',
    });
  });

  it('answers a subject that does not exist as not found, in its own words', async () => {
    await expect(
      listTimeline(db.db, anna, { kind: 'company', id: crypto.randomUUID() }, page, now),
    ).rejects.toMatchObject({ status: 404, code: 'company.not_found' });
  });
});

describe("a person's data export", () => {
  it("lists what agents changed, oldest first with the fields, and never notes or the system's events", async () => {
    await insertTimelineEntry(db.db, company, {
      kind: 'event',
      action: 'profile.edited',
      details: { fields: ['name', 7, 'city'] },
      author: { id: anna.userId, email: 'anna@agentur.example' },
      at: new Date('2026-11-02T08:00:00.000Z'),
    });
    await insertTimelineEntry(db.db, company, {
      kind: 'event',
      action: 'assign',
      author: { id: ben.userId, email: 'ben@agentur.example' },
      at: new Date('2026-11-01T08:00:00.000Z'),
    });
    await insertTimelineEntry(db.db, company, { kind: 'event', action: 'registered' });
    await addTimelineEntry(db.db, anna, company, { kind: 'note', text: 'Privat' }, now);
    expect(await agentEditsOf(db.db, [company])).toEqual([
      { at: '2026-11-01T08:00:00.000Z', agent: 'ben@agentur.example', action: 'assign', fields: [] },
      {
        at: '2026-11-02T08:00:00.000Z',
        agent: 'anna@agentur.example',
        action: 'profile.edited',
        fields: ['name', 'city'],
      },
    ]);
  });
});
