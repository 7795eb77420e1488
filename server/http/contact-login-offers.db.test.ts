import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactListSchema, ContactSchema } from '../../contract/client';
import { CompanyProfileResponseSchema } from '../../contract/profile';
import { TokenPairSchema } from '../../contract/session';
import { type Database, queryRows } from '../db/client';
import { text } from '../db/rows';
import { ACCEPT } from './agent-people-kit';
import { codeOf, companyRecord, json, setUpJobFixture } from './job-test-kit';

/**
 * Decision 0031: the answers say what the caller may do, so the client offers only that. The contact
 * list says whether the caller may invite (`canInvite`: agents and the main login), the company
 * profile whether the caller may change it (`canEdit`: the main login); a contact's login may
 * neither, and the server refuses both as it always did.
 */

const f = setUpJobFixture();
const db = () => f.db.db as unknown as Database;
let rheinwerk = '';
let contactToken = '';
/** The company profile requires a city: sent as the city list's Berlin. */
const BERLIN = { id: 2950159, lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' };

const list = async (token: string) => {
  const res = await f.call('GET', `/api/company/${rheinwerk}/contacts`, token);
  expect(res.status).toBe(200);
  return v.parse(ContactListSchema, await res.json());
};
const companyProfile = async (token: string) => {
  const res = await f.call('GET', '/api/company', token);
  expect(res.status).toBe(200);
  return v.parse(CompanyProfileResponseSchema, await res.json());
};

beforeAll(async () => {
  rheinwerk = await companyRecord(f, 'company@jobs.test', 'Rheinwerk Logistik GmbH');
  const added = await f.call('PUT', `/api/company/${rheinwerk}/contacts`, f.tokens.agent, {
    lastName: 'Schmidt',
    firstName: 'Jana',
    email: 'jana@rheinwerk.example',
    language: 'de',
  });
  expect(added.status).toBe(201);
  const jana = v.parse(ContactSchema, await added.json());
  expect(
    (await f.call('POST', `/api/company/${rheinwerk}/contacts/${jana.uuid}/invite`, f.tokens.agent)).status,
  ).toBe(200);
  const [mail] = await queryRows(
    db(),
    sql`select text from outbox where recipient = 'jana@rheinwerk.example' order by created_at desc, id desc limit 1`,
    v.object({ text }),
  );
  const token = mail?.text.match(/\/user\/invitation\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
  const accepted = await f.call('POST', `/api/public/invitation/${token}`, undefined, ACCEPT);
  expect(accepted.status).toBe(201);
  contactToken = v.parse(TokenPairSchema, await accepted.json()).token;
});

describe('the contact list says whether the caller may invite', () => {
  it('an agent may', async () => {
    expect((await list(f.tokens.agent)).canInvite).toBe(true);
  });

  it("the company's main login may", async () => {
    expect((await list(f.tokens.company)).canInvite).toBe(true);
  });

  it("a contact's login may not, and is refused when it tries", async () => {
    const answer = await list(contactToken);
    expect(answer.canInvite).toBe(false);
    expect(answer.items.map((c) => c.name)).toEqual(['Jana Schmidt']);
    const again = await f.call(
      'POST',
      `/api/company/${rheinwerk}/contacts/${answer.items[0]!.uuid}/invite`,
      contactToken,
    );
    expect(again.status).toBe(403);
    expect(await codeOf(again)).toBe('company.main_login_only');
  });
});

describe('the company profile says whether the caller may change it', () => {
  it('the main login may: reading and saving say so', async () => {
    const profile = await companyProfile(f.tokens.company);
    expect(profile.canEdit).toBe(true);
    const saved = await f.call('PUT', '/api/company', f.tokens.company, {
      values: { ...profile.values, city: BERLIN },
      version: profile.version,
    });
    expect(saved.status).toBe(200);
    expect(v.parse(CompanyProfileResponseSchema, await saved.json()).canEdit).toBe(true);
  });

  it("a contact's login reads the same profile, may not change it, and is refused when it tries", async () => {
    const profile = await companyProfile(contactToken);
    expect(profile).toMatchObject({ uuid: rheinwerk, canEdit: false });
    const refused = await f.call('PUT', '/api/company', contactToken, {
      values: profile.values,
      version: profile.version,
    });
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('company.main_login_only');
  });

  it('other profiles answer no such flag: their reader may edit them', async () => {
    const own = await json<Record<string, unknown>>(await f.call('GET', '/api/profile', f.tokens.candidate));
    expect(own).not.toHaveProperty('canEdit');
  });
});
