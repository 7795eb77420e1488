import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { GlobalSearchResponseSchema } from '../../contract/search';
import { queryRows } from '../db/client';
import { int, record } from '../db/rows';
import { peopleCalls } from './agent-people-kit';
import { COLOGNE, names, seededAgentFixture } from './agent-test-kit';

// A phone number on every candidate (issue 42, PRODUCT.md §11): a catalogue field apart from the
// private 2FA number, entered by agents, stored in E.164, in the table, the search and the full card,
// never on the anonymised card.

const f = seededAgentFixture();
const { create } = peopleCalls(() => f);

/** Jonas, taken down by an agent on the phone, with his number as he said it. */
let jonas: string;
beforeAll(async () => {
  const created = await create({
    type: 'stella',
    values: {
      first_name: 'Jonas',
      last_name: 'Rufer',
      city: { id: COLOGNE?.id },
      phone: '0151 2345 6789',
      contact_time: 'evening',
    },
  });
  jonas = created.uuid;
  expect(created.values).toMatchObject({ phone: '+4915123456789', contact_time: 'evening' });
});

const stored = async (uuid: string) =>
  (
    await queryRows(
      f.db.db,
      sql`select "values", version from profiles where id = ${uuid}`,
      v.object({ values: record, version: int }),
    )
  )[0]!;

describe('an agent enters and edits the number', () => {
  it('stores what was typed in E.164', async () => {
    expect((await stored(jonas)).values).toMatchObject({ phone: '+4915123456789', contact_time: 'evening' });
  });

  it('refuses a number that is none with a field code and changes nothing', async () => {
    const before = await stored(jonas);
    const res = await f.request('POST', `/api/agent/profile/${jonas}`, f.tokens.agent, {
      values: { ...before.values, phone: '0151 234' },
      version: before.version,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'request.invalid',
      fields: { phone: ['field.phone_invalid'] },
    });
    expect(await stored(jonas)).toEqual(before);
  });

  it('takes a foreign number typed with 00', async () => {
    const before = await stored(jonas);
    const res = await f.request('POST', `/api/agent/profile/${jonas}`, f.tokens.agent, {
      values: { ...before.values, phone: '0043 664 1234567' },
      version: before.version,
    });
    expect(res.status).toBe(200);
    expect((await stored(jonas)).values.phone).toBe('+436641234567');
    const back = await f.request('POST', `/api/agent/profile/${jonas}`, f.tokens.agent, {
      values: { ...before.values, phone: '+49 151 23456789' },
      version: before.version + 1,
    });
    expect(back.status).toBe(200);
    expect((await stored(jonas)).values.phone).toBe('+4915123456789');
  });
});

describe('the candidate table and the search', () => {
  it('the table has the number (E.164) of those who gave one, and never the 2FA number', async () => {
    const page = await f.list('type=stella&limit=50');
    const byName = new Map(page.items.map((item) => [item.name, item.phone]));
    expect(byName.get('Jonas Rufer')).toBe('+4915123456789');
    // Anna's account has a 2FA number; her profile has no phone.
    expect(byName.get('Anna Müller')).toBeNull();
  });

  it.each(['0151 234', '0151234', '+49151234', '+49 151 2345 6789', '0049 151 23'])(
    'the table finds the number by "%s"',
    async (q) => {
      expect(names(await f.list(`q=${encodeURIComponent(q)}`))).toEqual(['Jonas Rufer']);
    },
  );

  it('a number that is not his finds nobody, nor does the 2FA number of another', async () => {
    expect(names(await f.list(`q=${encodeURIComponent('0152 234')}`))).toEqual([]);
    expect(names(await f.list(`q=${encodeURIComponent('0151 998877')}`))).toEqual([]);
  });

  it('the global search finds him by the digits too', async () => {
    const res = await f.request(
      'GET',
      `/api/agent/search?q=${encodeURIComponent('0151 2345')}`,
      f.tokens.agent,
    );
    expect(res.status).toBe(200);
    const found = v.parse(GlobalSearchResponseSchema, await res.json());
    expect(found.candidates.map((c) => c.name)).toEqual(['Jonas Rufer']);
  });
});

describe('the cards', () => {
  const textOf = async (uuid: string, format: string) => {
    const res = await f.request('GET', `/api/agent/card/${uuid}/${format}`, f.tokens.agent);
    expect(res.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    return (await extractText(pdf, { mergePages: true })).text;
  };

  it('the full card has the number as dialled here and the time to call', async () => {
    const full = await textOf(jonas, 'full');
    expect(full).toContain('01512 3456789');
    expect(full).toContain('Am besten erreichbar');
    expect(full).toContain('Abends (18–20 Uhr)');
  });

  it('the anonymised card has neither', async () => {
    const anonymous = await textOf(jonas, 'anonymised');
    for (const secret of ['3456789', '151', 'erreichbar', 'Abends'])
      expect(anonymous, secret).not.toContain(secret);
  });

  it('the full card of a candidate with a 2FA number does not print it (it stays private)', async () => {
    const full = await textOf(f.mueller, 'full');
    expect(full).toContain('Anna Müller');
    expect(full).not.toContain('99887766');
  });
});
