import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ISO6391 from 'iso-639-1';
import * as v from 'valibot';
import {
  CATALOG_SCOPES,
  type Catalog,
  type CatalogScope,
  type FieldDefinition,
  FieldDefinitionSchema,
  type FieldOption,
  FieldOptionSchema,
  RULE_FIELD_TYPES,
} from '../../contract/catalog';
import { type Database, queryRows } from '../db/client';
import { textOrNull } from '../db/rows';
import { catalogs } from '../db/schema/catalog';

/**
 * The catalogue is configuration: server/catalog/default-catalog.json, seeded into the database on
 * start. In the file, `options` may name a shared option set (`"skills"`) or `"iso-639-1"` (every
 * ISO 639-1 language with its German and English name) instead of listing the options.
 */
export const DEFAULT_CATALOG_PATH = new URL('./default-catalog.json', import.meta.url);
export const LANGUAGE_OPTIONS_SOURCE = 'iso-639-1';

const FileFieldSchema = v.object({
  ...FieldDefinitionSchema.entries,
  options: v.optional(v.union([v.string(), v.array(FieldOptionSchema)])),
});
const CatalogFileSchema = v.object({
  optionSets: v.optional(v.record(v.string(), v.array(FieldOptionSchema)), {}),
  profile: v.array(FileFieldSchema),
  company: v.array(FileFieldSchema),
  job: v.array(FileFieldSchema),
});

/** Reads, resolves and checks a catalogue file; throws a message naming the faulty field. */
export function loadCatalogFile(path: URL | string = DEFAULT_CATALOG_PATH): Catalog {
  const text = readFileSync(path, 'utf8');
  return parseCatalog(JSON.parse(text) as unknown, String(path));
}

/** Resolves option references and checks the catalogue's consistency. */
export function parseCatalog(input: unknown, source = 'catalogue'): Catalog {
  const parsed = v.safeParse(CatalogFileSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = (issue.path ?? []).map((p) => String(p.key)).join('.');
    throw new Error(`${source}: ${where || 'root'}: ${issue.message}`);
  }
  const file = parsed.output;
  const resolve = (scope: CatalogScope): FieldDefinition[] =>
    file[scope].map((field) => {
      const { options, ...rest } = field;
      if (options === undefined) return rest;
      if (Array.isArray(options)) return { ...rest, options };
      if (options === LANGUAGE_OPTIONS_SOURCE) return { ...rest, options: languageOptions() };
      const set = file.optionSets[options];
      if (!set) throw new Error(`${source}: ${scope}.${field.key}: unknown option set "${options}"`);
      return { ...rest, options: set };
    });
  const catalog: Catalog = { profile: resolve('profile'), company: resolve('company'), job: resolve('job') };
  checkCatalog(catalog, source);
  return catalog;
}

const NEEDS_OPTIONS = new Set(['select', 'multiselect', 'languages']);

function checkCatalog(catalog: Catalog, source: string): void {
  for (const scope of CATALOG_SCOPES) {
    const keys = new Set<string>();
    for (const field of catalog[scope]) {
      const at = `${source}: ${scope}.${field.key}`;
      if (keys.has(field.key)) throw new Error(`${at}: duplicate key`);
      keys.add(field.key);
      if (NEEDS_OPTIONS.has(field.type) && !field.options?.length) throw new Error(`${at}: needs options`);
      if (!NEEDS_OPTIONS.has(field.type) && field.options)
        throw new Error(`${at}: a ${field.type} has no options`);
      const values = new Set(field.options?.map((o) => o.value));
      if (field.options && values.size !== field.options.length) throw new Error(`${at}: duplicate option`);
      if (field.criterion && scope !== 'job') throw new Error(`${at}: only job fields are criteria`);
      if (
        field.step !== undefined &&
        field.step < 1 &&
        Math.abs(1 / field.step - Math.round(1 / field.step)) > 1e-9
      ) {
        throw new Error(`${at}: a step below 1 must divide 1 (0.5, 0.1, …)`);
      }
    }
  }
  const profileFields = new Map(catalog.profile.map((f) => [f.key, f]));
  for (const field of catalog.job) {
    if (!field.criterion) continue;
    const at = `${source}: job.${field.key}`;
    const { rule, profileKey } = field.criterion;
    const target = profileFields.get(profileKey);
    if (!target) throw new Error(`${at}: criterion compares with unknown profile field "${profileKey}"`);
    if (target.contact) throw new Error(`${at}: a contact field ("${profileKey}") is no criterion`);
    const types = RULE_FIELD_TYPES[rule];
    if (!types.job.includes(field.type) || !types.profile.includes(target.type)) {
      throw new Error(`${at}: rule ${rule} does not compare a ${field.type} with a ${target.type}`);
    }
    if (rule === 'atLeastOrdinal' && field.type === 'select' && !(field.ordinal && target.ordinal)) {
      throw new Error(`${at}: atLeastOrdinal needs ordinal selects on both sides`);
    }
    if (rule === 'atLeastOrdinal' && field.type !== target.type) {
      throw new Error(`${at}: atLeastOrdinal compares fields of the same type`);
    }
    if (field.options && target.options) {
      const own = field.options.map((o) => o.value).join(',');
      if (rule === 'atLeastOrdinal' && own !== target.options.map((o) => o.value).join(',')) {
        throw new Error(`${at}: an ordinal criterion needs the profile field's options in the same order`);
      }
    }
  }
}

let languageOptionsCache: FieldOption[] | undefined;

/** Every ISO 639-1 language with its German (from ICU) and English name. */
export function languageOptions(): FieldOption[] {
  if (languageOptionsCache) return languageOptionsCache;
  const german = new Intl.DisplayNames(['de'], { type: 'language', fallback: 'none' });
  languageOptionsCache = ISO6391.getAllCodes().map((code) => {
    const en = ISO6391.getName(code);
    const de = german.of(code);
    // Node ships full ICU, which names every ISO 639-1 language in German; a build with reduced ICU
    // falls back to the English name rather than showing a code.
    return { value: code, label: { de: de && de !== code ? de : en, en } };
  });
  return languageOptionsCache;
}

function checksum(fields: FieldDefinition[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

// Any fixed number: several processes starting at once seed one after the other.
const SEED_LOCK = 4_227_004;

/**
 * Writes the catalogue into the database where it differs (one row per scope); returns the scopes it
 * changed. Safe to run from several processes at once.
 */
export async function seedCatalog(db: Database, catalog: Catalog): Promise<CatalogScope[]> {
  const changed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const current = await tx.select({ scope: catalogs.scope, checksum: catalogs.checksum }).from(catalogs);
    const known = new Map(current.map((row) => [row.scope, row.checksum]));
    const changed: CatalogScope[] = [];
    for (const scope of CATALOG_SCOPES) {
      const fields = catalog[scope];
      const sum = checksum(fields);
      if (known.get(scope) === sum) continue;
      await tx
        .insert(catalogs)
        .values({ scope, fields, checksum: sum })
        .onConflictDoUpdate({
          target: catalogs.scope,
          set: { fields, checksum: sum, updatedAt: sql`now()` },
        });
      changed.push(scope);
    }
    return changed;
  });
  // This process reads the new catalogue at once (others see its checksums change).
  if (changed.length > 0) cached = undefined;
  return changed;
}

/**
 * The catalogue's version in one value, `scope:checksum,…` (SQL, for statements that read it with
 * their own data, like the agents' tables): it changes whenever seedCatalog changes a scope.
 */
export const CATALOG_KEY = sql`(select string_agg(scope || ':' || checksum, ',' order by scope) from catalogs)`;

const KeyRow = v.object({ key: textOrNull });

/** The catalogue last read by this process and the version it was read at. */
let cached: { key: string; catalog: Catalog } | undefined;

/**
 * The catalogue as the database holds it; throws when it was never seeded. Read once per version
 * and kept: a call asks only the checksums (CATALOG_KEY), not the fields, while they are unchanged —
 * every request that validates values or labels fields reads it. The answer is shared: never change it.
 */
export async function readCatalog(db: Database): Promise<Catalog> {
  const [row] = await queryRows(db, sql`select ${CATALOG_KEY} as key`, KeyRow);
  return catalogOfKey(db, row?.key ?? null);
}

/** readCatalog for a caller that read CATALOG_KEY in a statement of its own. */
export async function catalogOfKey(db: Database, key: string | null): Promise<Catalog> {
  if (key !== null && cached?.key === key) return cached.catalog;
  const rows = await db
    .select({ scope: catalogs.scope, fields: catalogs.fields, checksum: catalogs.checksum })
    .from(catalogs);
  const byScope = new Map(rows.map((row) => [row.scope, row.fields]));
  const catalog = {} as Catalog;
  for (const scope of CATALOG_SCOPES) {
    const fields = byScope.get(scope);
    if (!fields)
      throw new Error(`the ${scope} catalogue is not in the database: seed it on start (seedCatalog)`);
    catalog[scope] = fields;
  }
  // Kept under the version of the rows just read (CATALOG_KEY's text), not of the key asked with:
  // a seed in between must not leave the old key naming the new fields.
  const readKey = rows
    .map((r) => `${r.scope}:${r.checksum}`)
    .sort()
    .join(',');
  cached = { key: readKey, catalog };
  return catalog;
}

/** Reads the default catalogue file and seeds it: what the server does on every start. */
export async function seedDefaultCatalog(db: Database): Promise<CatalogScope[]> {
  return seedCatalog(db, loadCatalogFile());
}
