import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_SCOPES } from '../../contract/catalog';
import { catalogs } from '../db/schema/catalog';
import { setUpTestDb } from '../db/test-fixture';
import { loadCatalogFile, parseCatalog, readCatalog, seedCatalog } from './catalog';
import { searchCities } from './cities';

const catalog = loadCatalogFile();
const keys = (scope: 'profile' | 'company' | 'job') => catalog[scope].map((f) => f.key);
const field = (scope: 'profile' | 'company' | 'job', key: string) =>
  catalog[scope].find((f) => f.key === key)!;

describe('the default catalogue', () => {
  it('has the fixed keys of PRODUCT.md §4', () => {
    expect(keys('profile')).toEqual([
      'first_name',
      'last_name',
      'phone',
      'contact_time',
      'birth_date',
      'city',
      'travel_radius_km',
      'occupation',
      'skills',
      'languages',
      'education_level',
      'experience_years',
      'driving_licences',
      'employment_types',
      'remote',
      'available_from',
      'desired_salary',
      'about',
    ]);
    expect(keys('company')).toEqual([
      'name',
      'legal_form',
      'industry',
      'size',
      'city',
      'website',
      'description',
    ]);
    // The client is chosen from the companies table (job.client), not typed: no `company` text field.
    expect(keys('job')).toEqual([
      'title',
      'description',
      'headcount',
      'target_types',
      'occupation',
      'skills',
      'languages',
      'education_level',
      'experience_years',
      'location',
      'employment_types',
      'remote',
      'driving_licences',
      'start_date',
      'salary_max',
    ]);
  });

  it("gives a company's request form description, headcount, place, start and employment type, no target groups", () => {
    const forCompany = catalog.job.filter((f) => f.for.includes('company')).map((f) => f.key);
    expect(forCompany).toEqual([
      'title',
      'description',
      'headcount',
      'location',
      'employment_types',
      'start_date',
    ]);
    expect(field('job', 'target_types').for).toEqual(['agent']);
  });

  it('labels every field and option in German and English', () => {
    for (const scope of CATALOG_SCOPES) {
      for (const f of catalog[scope]) {
        expect(f.label.de && f.label.en, `${scope}.${f.key}`).toBeTruthy();
        for (const o of f.options ?? [])
          expect(o.label.de && o.label.en, `${scope}.${f.key}.${o.value}`).toBeTruthy();
      }
    }
  });

  it('offers the German market’s occupations, skills, licences and levels', () => {
    expect(field('profile', 'occupation').options!.length).toBeGreaterThanOrEqual(40);
    expect(field('profile', 'skills').options!.length).toBeGreaterThanOrEqual(150);
    expect(field('profile', 'education_level').options!.map((o) => o.value)).toEqual([
      'none',
      'school',
      'apprenticeship',
      'bachelor',
      'master',
      'doctorate',
    ]);
    expect(field('profile', 'driving_licences').options!.map((o) => o.value)).toEqual(
      expect.arrayContaining([
        'am',
        'a1',
        'a2',
        'a',
        'b',
        'be',
        'c1',
        'c1e',
        'c',
        'ce',
        'd1',
        'd1e',
        'd',
        'de',
        'l',
        't',
      ]),
    );
    expect(field('profile', 'remote').options!.map((o) => o.value)).toEqual(['onsite', 'hybrid', 'remote']);
    expect(field('company', 'legal_form').options!.map((o) => o.value)).toEqual(
      expect.arrayContaining(['gmbh', 'ug', 'ag', 'kg', 'gmbh_co_kg', 'ev']),
    );
  });

  it('names every ISO 639-1 language in German and English', () => {
    const languages = field('profile', 'languages').options!;
    expect(languages).toHaveLength(183);
    expect(languages.find((o) => o.value === 'de')!.label).toEqual({ de: 'Deutsch', en: 'German' });
    expect(languages.find((o) => o.value === 'pl')!.label).toEqual({ de: 'Polnisch', en: 'Polish' });
  });

  it('refuses a criterion whose rule does not fit the fields, naming it', () => {
    const file = JSON.parse(
      JSON.stringify({ optionSets: {}, profile: catalog.profile, company: [], job: catalog.job }),
    );
    file.job.find((f: { key: string }) => f.key === 'salary_max').criterion.profileKey = 'skills';
    expect(() => parseCatalog(file, 'test')).toThrow(
      'test: job.salary_max: rule atMost does not compare a number with a multiselect',
    );
  });
});

describe("a candidate's phone and the time to call (PRODUCT.md §11)", () => {
  it('are candidate fields that mark a way to reach the person, apart from the 2FA number', () => {
    expect(field('profile', 'phone')).toMatchObject({
      type: 'phone',
      tab: 'personal',
      required: false,
      for: ['luna', 'stella', 'nova'],
      contact: true,
    });
    expect(field('profile', 'contact_time')).toMatchObject({ type: 'select', contact: true });
    expect(field('profile', 'contact_time').options!.map((o) => o.value)).toEqual([
      'morning',
      'midday',
      'afternoon',
      'evening',
      'any',
    ]);
  });

  it.each([
    ['phone', 'remote', 'a contact field ("phone") is no criterion'],
    ['contact_time', 'remote', 'a contact field ("contact_time") is no criterion'],
  ])('matching never compares %s: a job criterion on it is refused', (profileKey, jobKey, message) => {
    const file = JSON.parse(
      JSON.stringify({ optionSets: {}, profile: catalog.profile, company: [], job: catalog.job }),
    );
    file.job.find((f: { key: string }) => f.key === jobKey).criterion.profileKey = profileKey;
    expect(() => parseCatalog(file, 'test')).toThrow(`test: job.${jobKey}: ${message}`);
  });
});

describe('seeding', () => {
  const db = setUpTestDb();

  it('writes the catalogue once and rewrites only what changed', async () => {
    expect(await seedCatalog(db.db, catalog)).toEqual(['profile', 'company', 'job']);
    expect(await readCatalog(db.db)).toEqual(catalog);
    expect(await seedCatalog(db.db, catalog)).toEqual([]);
    const changed = structuredClone(catalog);
    changed.company[0]!.label.en = 'Registered name';
    expect(await seedCatalog(db.db, changed)).toEqual(['company']);
    expect((await readCatalog(db.db)).company[0]!.label.en).toBe('Registered name');
  });
});

describe('reading the catalogue', () => {
  const db = setUpTestDb();

  it('reads the fields once per version: a second read answers the kept catalogue without reading them', async () => {
    await seedCatalog(db.db, catalog);
    const first = await readCatalog(db.db);
    const fieldReads = vi.spyOn(db.db, 'select');
    try {
      expect(await readCatalog(db.db)).toBe(first);
      expect(fieldReads).not.toHaveBeenCalled();
    } finally {
      fieldReads.mockRestore();
    }
  });

  it('answers a change seeded in this process at once', async () => {
    await seedCatalog(db.db, catalog);
    const before = await readCatalog(db.db);
    const changed = structuredClone(catalog);
    changed.profile[0]!.label.en = 'Given name';
    await seedCatalog(db.db, changed);
    const after = await readCatalog(db.db);
    expect(after).not.toBe(before);
    expect(after.profile[0]!.label.en).toBe('Given name');
  });

  it('answers a change another process seeded, told by its checksum', async () => {
    await seedCatalog(db.db, catalog);
    const before = await readCatalog(db.db);
    const changed = structuredClone(catalog.job);
    changed[0]!.label.de = 'Stellentitel (neu)';
    // Another node's seed: written past this process's seedCatalog, which alone forgets what it kept.
    await db.db
      .update(catalogs)
      .set({ fields: changed, checksum: 'another-node' })
      .where(eq(catalogs.scope, 'job'));
    const after = await readCatalog(db.db);
    expect(after).not.toBe(before);
    expect(after.job[0]!.label.de).toBe('Stellentitel (neu)');
    expect(await readCatalog(db.db)).toBe(after);
  });

  it('refuses to answer from a database never seeded, even after another was read', async () => {
    const other = await readCatalog(db.db).catch(() => null);
    expect(other).toBeNull();
  });
});

describe('city search', () => {
  it('finds by prefix, ignoring accents and case, larger cities first, with coordinates and an id', () => {
    const hits = searchCities('koln');
    expect(hits[0]).toMatchObject({ name: 'Köln', country: 'DE', id: 2886242 });
    expect(hits[0]!.lat).toBeCloseTo(50.93, 1);
    expect(searchCities('BERL')[0]!.name).toBe('Berlin');
    expect(searchCities('München')[0]).toMatchObject({ name: 'Munich', country: 'DE' });
    const populations = searchCities('ham').map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it("names the home countries' places first, larger first within each group", () => {
    // By population alone "Bad" is Badalona, Badajoz, Badlapur …: Bad Homburg was ninth.
    expect(searchCities('Bad')[0]).toMatchObject({ name: 'Badalona', country: 'ES' });
    const home = searchCities('Bad', { home: ['DE', 'AT', 'CH'] });
    expect(home).toHaveLength(10);
    expect(home.every((c) => ['DE', 'AT', 'CH'].includes(c.country))).toBe(true);
    expect(home.map((c) => c.name)).toContain('Bad Homburg vor der Höhe');
    const populations = home.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    // Fewer home places than the limit: the rest follow, by population.
    const mixed = searchCities('Baden', { home: ['DE'] });
    const firstAway = mixed.findIndex((c) => c.country !== 'DE');
    expect(firstAway).toBeGreaterThan(0);
    expect(mixed.slice(firstAway).every((c) => c.country !== 'DE')).toBe(true);
    expect(mixed.slice(0, firstAway).map((c) => c.name)).toContain('Baden-Baden');
  });

  it('answers at most 10, filtered by country', () => {
    expect(searchCities('a')).toHaveLength(10);
    const austrian = searchCities('st', { country: 'at' });
    expect(austrian.length).toBeGreaterThan(0);
    expect(austrian.every((c) => c.country === 'AT')).toBe(true);
    expect(searchCities('   ')).toEqual([]);
  });
});
