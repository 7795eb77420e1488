import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { seedDefaultCatalog } from '../catalog/catalog';
import { profiles } from '../db/schema/profiles';
import { timelineEntries } from '../db/schema/timeline';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { ApiError } from '../errors';
import { readPresentationConsent, setPresentationConsent } from './presentation-consent';
import { type Owner, readProfile, readStatus, setStatus, updateProfile } from './profiles';

const db = setUpTestDb();
const REGISTERED = new Date('2026-03-02T08:15:00.000Z');
/** A city as the form sends it: the city list's id (the server stores the list's name and place). */
const BERLIN = { id: 2950159, lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' };
const REQUIRED = { first_name: 'Stella', last_name: 'Berger', city: BERLIN };

/** A candidate who finished registration, with no profile row yet (it is made on first use). */
async function candidate(email = 'stella@profiles.test'): Promise<Owner> {
  const id = crypto.randomUUID();
  await db.db.insert(users).values({
    id,
    email,
    passwordHash: 'not-a-hash',
    userType: 'stella',
    registrationStep: 0,
    createdAt: REGISTERED,
  });
  return { userId: id, userType: 'stella' };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) =>
      error instanceof ApiError ? { status: error.status, code: error.code, fields: error.fields } : error,
  );

beforeEach(async () => {
  await seedDefaultCatalog(db.db);
});

describe('a candidate’s own profile', () => {
  it('exists from the first read on: empty, active, version 0, its timeline starting at the registration', async () => {
    const owner = await candidate();
    const first = await readProfile(db.db, 'candidate', owner);
    expect(first).toMatchObject({
      type: 'stella',
      values: {},
      status: 'active',
      pausedByAgency: false,
      version: 0,
    });
    expect((await readProfile(db.db, 'candidate', owner)).uuid).toBe(first.uuid);
    const timeline = await db.db
      .select({ action: timelineEntries.action, at: timelineEntries.at })
      .from(timelineEntries)
      .where(eq(timelineEntries.profileId, first.uuid));
    expect(timeline).toEqual([{ action: 'registered', at: REGISTERED }]);
  });

  it('saves values at the version it was read at; an edit from an older version gets the newer record back', async () => {
    const owner = await candidate();
    const read = await readProfile(db.db, 'candidate', owner);
    const saved = await updateProfile(db.db, 'candidate', owner, {
      values: REQUIRED,
      version: read.version,
    });
    expect(saved).toMatchObject({ ok: true, profile: { values: { first_name: 'Stella' }, version: 1 } });

    const stale = await updateProfile(db.db, 'candidate', owner, {
      values: { ...REQUIRED, first_name: 'Overwritten' },
      version: read.version,
    });
    expect(stale).toMatchObject({
      ok: false,
      current: { values: { first_name: 'Stella', last_name: 'Berger' }, version: 1 },
    });
  });

  it('refuses values the catalogue does not take, naming the field, and keeps what was stored', async () => {
    const owner = await candidate();
    const read = await readProfile(db.db, 'candidate', owner);
    const refused = await refusal(
      updateProfile(db.db, 'candidate', owner, {
        values: { ...REQUIRED, travel_radius_km: 'far' },
        version: read.version,
      }),
    );
    expect(refused).toMatchObject({ status: 400, code: ErrorCode.validation });
    expect(Object.keys((refused as { fields: object }).fields)).toEqual(['travel_radius_km']);
    expect((await readProfile(db.db, 'candidate', owner)).version).toBe(0);
  });
});

describe('matching status', () => {
  it('switches off and on; while the agency pauses the profile only switching off is allowed', async () => {
    const owner = await candidate();
    expect(await setStatus(db.db, owner, 'inactive')).toEqual({ status: 'inactive', pausedByAgency: false });
    expect(await setStatus(db.db, owner, 'active')).toEqual({ status: 'active', pausedByAgency: false });

    await db.db
      .update(profiles)
      .set({ blockedAt: new Date(), blockedReason: 'checking references' })
      .where(eq(profiles.userId, owner.userId));
    expect(await readStatus(db.db, owner)).toEqual({ status: 'active', pausedByAgency: true });
    expect(await setStatus(db.db, owner, 'inactive')).toEqual({ status: 'inactive', pausedByAgency: true });
    expect(await refusal(setStatus(db.db, owner, 'active'))).toEqual({
      status: 409,
      code: 'profile.blocked',
    });
    expect((await readStatus(db.db, owner)).status).toBe('inactive');
  });
});

describe('consent to be presented by name', () => {
  it('is given at a moment, kept at the first one when given again, and withdrawn', async () => {
    const owner = await candidate();
    expect(await readPresentationConsent(db.db, owner)).toEqual({ consented: false, since: null });
    const given = new Date('2026-04-01T10:00:00.000Z');
    expect(await setPresentationConsent(db.db, owner, true, given)).toEqual({
      consented: true,
      since: '2026-04-01T10:00:00.000Z',
    });
    await setPresentationConsent(db.db, owner, true, new Date('2026-04-02T10:00:00.000Z'));
    expect(await readPresentationConsent(db.db, owner)).toEqual({
      consented: true,
      since: '2026-04-01T10:00:00.000Z',
    });
    expect(await setPresentationConsent(db.db, owner, false, new Date())).toEqual({
      consented: false,
      since: null,
    });
  });

  it('is a candidate’s alone', async () => {
    const agent = { userId: crypto.randomUUID(), userType: 'agent' };
    expect(await refusal(readPresentationConsent(db.db, agent))).toMatchObject({ status: 403 });
  });
});
