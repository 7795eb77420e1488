import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { type TimelineEntry, TimelineEntrySchema, TimelinePageSchema } from '../../contract/timeline';
import { queryRows } from '../db/client';
import { CountRow, text } from '../db/rows';
import { type AgentRole, seededAgentFixture } from './agent-test-kit';
import { agentJobBody } from './job-test-kit';

// The timeline calls (contract/timeline.ts): who may call them, adding notes, calls and mails,
// newest first, paged and filtered, editing a note, and every refusal with its code.

const f = seededAgentFixture();
let jobId: string;

beforeAll(async () => {
  const res = await f.request('PUT', '/api/job', f.tokens.agent, agentJobBody('Zimmerer'));
  expect(res.status).toBe(201);
  jobId = ((await res.json()) as { uuid: string }).uuid;
});

const timelineOf = (subject: string, id: string) => `/api/agent/timeline/${subject}/${id}`;
const subjects = () =>
  [
    ['profile', f.mueller],
    ['company', f.companyId],
    ['job', jobId],
  ] as const;

async function add(path: string, body: unknown, role: AgentRole = 'agent'): Promise<TimelineEntry> {
  const res = await f.request('POST', path, f.tokens[role], body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return v.parse(TimelineEntrySchema, await res.json());
}

async function page(path: string, query = '', role: AgentRole = 'agent') {
  const res = await f.request('GET', `${path}${query}`, f.tokens[role]);
  expect(res.status).toBe(200);
  return v.parse(TimelinePageSchema, await res.json());
}

async function refusal(method: string, path: string, body?: unknown, role: AgentRole = 'agent') {
  const res = await f.request(method, path, f.tokens[role], body);
  const error = (await res.json()) as ErrorBody;
  return { status: res.status, code: error.code, fields: error.fields };
}

const entryCount = async () =>
  (await queryRows(f.db.db, sql`select count(*) as n from timeline_entries`, CountRow))[0]!.n;

describe('who may call', () => {
  it('answers 401 without a token and 403 for luna, stella, nova and company, on every subject', async () => {
    const note = await add(timelineOf('profile', f.mueller), { kind: 'note', text: 'Ruft zurück.' });
    for (const [subject, id] of subjects()) {
      const calls: [string, string, unknown?][] = [
        ['GET', timelineOf(subject, id)],
        ['POST', timelineOf(subject, id), { kind: 'note', text: 'x' }],
        ['PUT', `${timelineOf(subject, id)}/${note.uuid}`, { text: 'y' }],
      ];
      for (const [method, path, body] of calls) {
        expect((await f.request(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
        for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
          const res = await refusal(method, path, body, role);
          expect([res.status, res.code], `${role} ${method} ${path}`).toEqual([403, 'auth.forbidden']);
        }
      }
    }
  });

  it('lets agents and senior agents read and write every subject', async () => {
    for (const role of ['agent', 'senior'] as const) {
      for (const [subject, id] of subjects()) {
        const entry = await add(
          timelineOf(subject, id),
          { kind: 'note', text: `${role} on ${subject}` },
          role,
        );
        expect(entry.author?.email).toBe(role === 'agent' ? 'agent@agents.test' : 'senior@agents.test');
        const list = await page(timelineOf(subject, id), '', role);
        expect(list.items.map((i) => i.uuid)).toContain(entry.uuid);
      }
    }
  });
});

describe('notes, calls and mails', () => {
  it('adds a note now and a call or mail on its date; lists newest first, filtered by kind, paged', async () => {
    const path = timelineOf('profile', f.luna);
    const note = await add(path, {
      kind: 'note',
      text: '  Erstes Gespräch.\nSiehe https://example.org/cv  ',
    });
    expect(note).toMatchObject({
      kind: 'note',
      action: null,
      text: 'Erstes Gespräch.\nSiehe https://example.org/cv',
    });
    expect(Date.now() - Date.parse(note.at)).toBeLessThan(60_000);
    const call = await add(path, { kind: 'call', text: 'Verfügbar ab März', at: '2026-01-10T09:30:00.000Z' });
    const mail = await add(path, {
      kind: 'mail',
      text: 'Lebenslauf geschickt',
      at: '2026-01-12T14:00:00.000Z',
    });
    expect(call.at).toBe('2026-01-10T09:30:00.000Z');

    const all = await page(path);
    const written = all.items.filter((i) => i.kind !== 'event');
    expect(written.map((i) => i.uuid)).toEqual([note.uuid, mail.uuid, call.uuid]);
    expect((await page(path, '?kind=call')).items.map((i) => i.uuid)).toEqual([call.uuid]);
    expect((await page(path, '?kind=mail')).total).toBe(1);

    const first = await page(path, '?limit=2');
    const second = await page(path, '?limit=2&page=2');
    expect(first).toMatchObject({ total: all.total, page: 1, limit: 2 });
    expect([...first.items, ...second.items].map((i) => i.uuid)).toEqual(
      all.items.slice(0, 4).map((i) => i.uuid),
    );
  });

  it('refuses bad input with field codes and writes nothing', async () => {
    const path = timelineOf('profile', f.mueller);
    const before = await entryCount();
    const tomorrowAndMore = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ kind: 'note', text: '   ' }, { text: ['field.required'] }],
      [{ kind: 'note' }, { text: ['field.required'] }],
      [{ kind: 'note', text: 'x'.repeat(5001) }, { text: ['field.too_long'] }],
      [{ kind: 'note', text: 'x', at: '2026-01-01T00:00:00.000Z' }, { at: ['field.unknown'] }],
      [{ kind: 'note', text: 'x', author: 'me' }, { author: ['field.unknown'] }],
      [{ kind: 'event', text: 'x' }, { kind: ['timeline.kind_invalid'] }],
      [{ text: 'x' }, { kind: ['timeline.kind_invalid'] }],
      [{ kind: 'call', text: 'x' }, { at: ['field.required'] }],
      [{ kind: 'call', text: 'x', at: '10.01.2026' }, { at: ['field.date_invalid'] }],
      [{ kind: 'call', text: 'x', at: '1999-12-31T00:00:00.000Z' }, { at: ['field.date_too_early'] }],
      [{ kind: 'mail', text: 'x', at: tomorrowAndMore }, { at: ['field.date_too_late'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await refusal('POST', path, body);
      expect([res.status, res.code, res.fields], JSON.stringify(body)).toEqual([
        400,
        'request.invalid',
        fields,
      ]);
    }
    const text = await refusal('POST', path, { kind: 'note', text: 'a\u0000b' });
    expect([text.status, text.fields]).toEqual([400, { text: ['field.invalid_text'] }]);
    for (const query of ['?kind=task', '?limit=101', '?page=0', '?kind=note&kind=call']) {
      const res = await refusal('GET', `${path}${query}`);
      expect([res.status, res.code], query).toEqual([400, 'query.invalid']);
    }
    expect(await entryCount()).toBe(before);
  });

  it('answers 404 for a malformed or unknown uuid, subject, kind or entry', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    // A malformed uuid is the 404 of its kind, like an unknown one (docs/decisions/0032).
    for (const [subject, code] of [
      ['profile', 'profile.not_found'],
      ['company', 'company.not_found'],
      ['job', 'job.not_found'],
    ] as const) {
      expect(await refusal('GET', timelineOf(subject, 'nope'))).toMatchObject({ status: 404, code });
    }
    const missing: [string, string][] = [
      [timelineOf('profile', unknown), 'profile.not_found'],
      [timelineOf('company', unknown), 'company.not_found'],
      [timelineOf('job', unknown), 'job.not_found'],
      [timelineOf('user', f.mueller), 'timeline.subject_invalid'],
    ];
    for (const [path, code] of missing) {
      expect((await refusal('GET', path)).code, path).toBe(code);
      expect(await refusal('POST', path, { kind: 'note', text: 'x' }), path).toMatchObject({
        status: 404,
        code,
      });
    }
    const note = await add(timelineOf('profile', f.mueller), { kind: 'note', text: 'Nur hier' });
    // An entry is edited only through its own subject.
    for (const path of [
      `${timelineOf('profile', f.luna)}/${note.uuid}`,
      `${timelineOf('profile', f.mueller)}/${unknown}`,
    ]) {
      expect(await refusal('PUT', path, { text: 'y' })).toMatchObject({
        status: 404,
        code: 'timeline.entry_not_found',
      });
    }
    expect(await refusal('PUT', `${timelineOf('profile', f.mueller)}/x`, { text: 'y' })).toMatchObject({
      status: 404,
      code: 'timeline.entry_not_found',
    });
  });
});

describe('editing a note', () => {
  it('lets its author edit it for 24 hours; others, calls, mails and older notes are refused', async () => {
    const path = timelineOf('company', f.companyId);
    const note = await add(path, { kind: 'note', text: 'Ansprechpartner: Frau Kurz' });
    expect(Date.parse(note.editableUntil ?? '') - Date.parse(note.createdAt)).toBe(86_400_000);
    // Another agent sees the note, but not as editable.
    const seenByOther = (await page(path, '?kind=note', 'otherAgent')).items.find(
      (i) => i.uuid === note.uuid,
    );
    expect(seenByOther?.editableUntil).toBeNull();
    expect(await refusal('PUT', `${path}/${note.uuid}`, { text: 'Meins' }, 'otherAgent')).toMatchObject({
      status: 403,
      code: 'timeline.not_author',
    });
    expect(await refusal('PUT', `${path}/${note.uuid}`, { text: '' })).toMatchObject({
      status: 400,
      fields: { text: ['field.required'] },
    });

    const res = await f.request('PUT', `${path}/${note.uuid}`, f.tokens.agent, {
      text: 'Ansprechpartnerin: Frau Kurz',
    });
    expect(res.status).toBe(200);
    const edited = v.parse(TimelineEntrySchema, await res.json());
    expect(edited).toMatchObject({ uuid: note.uuid, text: 'Ansprechpartnerin: Frau Kurz', at: note.at });
    expect(edited.editedAt).not.toBeNull();

    const call = await add(path, { kind: 'call', text: 'Rückruf', at: '2026-02-01T10:00:00.000Z' });
    expect(call.editableUntil).toBeNull();
    expect(await refusal('PUT', `${path}/${call.uuid}`, { text: 'anders' })).toMatchObject({
      status: 409,
      code: 'timeline.not_editable',
    });

    await f.db.db.execute(
      sql`update timeline_entries set created_at = now() - interval '24 hours 1 minute' where id = ${note.uuid}`,
    );
    expect(
      (await page(path, '?kind=note')).items.find((i) => i.uuid === note.uuid)?.editableUntil,
    ).toBeNull();
    expect(await refusal('PUT', `${path}/${note.uuid}`, { text: 'zu spät' })).toMatchObject({
      status: 409,
      code: 'timeline.edit_expired',
    });
    const [kept] = await queryRows(
      f.db.db,
      sql`select text from timeline_entries where id = ${note.uuid}`,
      v.object({ text }),
    );
    expect(kept?.text).toBe('Ansprechpartnerin: Frau Kurz');
  });

  it('refuses to edit an event', async () => {
    const path = timelineOf('job', jobId);
    const [created] = (await page(path, '?kind=event')).items;
    expect(created?.action).toBe('job.created');
    expect(await refusal('PUT', `${path}/${created?.uuid}`, { text: 'x' })).toMatchObject({
      status: 409,
      code: 'timeline.not_editable',
    });
  });
});
