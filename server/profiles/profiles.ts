import { eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Catalog, type FieldDefinition, fieldIsFor } from '../../contract/catalog';
import { buildValuesSchema, isEmptyValue } from '../../contract/catalog-schema';
import { candidateCompleteness } from '../../contract/completeness';
import { ErrorCode } from '../../contract/errors';
import { fieldErrors } from '../../contract/field-errors';
import type { ProfileResponse, ProfileStatus, ProfileStatusResponse } from '../../contract/profile';
import { isCandidateType } from '../../contract/user-types';
import { recordEvent } from '../agents/audit';
import { readCatalog } from '../catalog/catalog';
import { cityById, cityNear } from '../catalog/cities';
import { companiesOfUser, mainLoginOnly, mayActAsMainLogin } from '../clients/caller-company';
import { type Database, queryRows } from '../db/client';
import { bool, IdRow, int, record, text, textOrNull, uuid } from '../db/rows';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import type { TimelineTarget } from '../timeline/timeline';
import { photoUrlOf } from './photos';

/**
 * The caller's own profile (candidates: `profiles`, read by the matching index; other accounts:
 * `account_profiles`) and a company account's company profile (`companies`). Each row carries a
 * version: an update names the version it was edited from and is refused when another edit came
 * first, so no edit is silently overwritten.
 */

/** Which record: a candidate's profile, another account's personal profile, or a company profile. */
export type ProfileKind = 'candidate' | 'account' | 'company';

const TABLES: Record<ProfileKind, string> = {
  candidate: 'profiles',
  account: 'account_profiles',
  company: 'companies',
};

/** The caller as the token names it. */
export interface Owner {
  userId: string;
  userType: string;
}

/** A record as `columns(kind)` reads it, whichever table holds it. */
const Row = v.object({
  id: uuid,
  /** The candidate's type; null for other records. */
  type: textOrNull,
  status: text,
  values: record,
  version: int,
  /** The agency blocked the candidate (PRODUCT.md §8); false for other records. */
  paused_by_agency: bool,
});
type Row = v.InferOutput<typeof Row>;

export type UpdateResult = { ok: true; profile: ProfileResponse } | { ok: false; current: ProfileResponse };

export function profileKindOf(userType: string): ProfileKind {
  return isCandidateType(userType) ? 'candidate' : 'account';
}

const forbiddenForType = (what: string) =>
  new ApiError(403, ErrorCode.forbidden, `This account has no ${what}`);

/** Only company accounts have a company profile. */
export function assertCompany(owner: Owner): void {
  if (owner.userType !== 'company') throw forbiddenForType('company profile');
}

/** Only candidates have a matching status. */
export function assertCandidate(owner: Owner): void {
  if (!isCandidateType(owner.userType)) throw forbiddenForType('matching status');
}

function table(kind: ProfileKind): SQL {
  return sql`${sql.identifier(TABLES[kind])}`;
}

function columns(kind: ProfileKind): SQL {
  return kind === 'candidate'
    ? sql`id, type, status, "values", version, blocked_at is not null as paused_by_agency`
    : sql`id, null::text as type, 'active' as status, "values", version, false as paused_by_agency`;
}

async function selectRow(db: Database, kind: ProfileKind, userId: string): Promise<Row | undefined> {
  // A contact's login reads its company's profile (decision 0031), so it never gets a record of its own.
  const owned = kind === 'company' ? sql`id in ${companiesOfUser(userId)}` : sql`user_id = ${userId}`;
  const [row] = await queryRows(db, sql`select ${columns(kind)} from ${table(kind)} where ${owned}`, Row);
  return row;
}

/**
 * The row of the owner, created empty on first use (an account always has its profile). A
 * candidate's or company's row starts its timeline with the account's registration.
 */
export async function ensureRow(db: Database, kind: ProfileKind, owner: Owner): Promise<Row> {
  const found = await selectRow(db, kind, owner.userId);
  if (found) return found;
  const id = crypto.randomUUID();
  const inserted = await queryRows(
    db,
    kind === 'candidate'
      ? sql`insert into profiles (id, user_id, type) values (${id}, ${owner.userId}, ${owner.userType})
            on conflict (user_id) do nothing returning id`
      : sql`insert into ${table(kind)} (id, user_id) values (${id}, ${owner.userId})
            on conflict (user_id) do nothing returning id`,
    IdRow,
  );
  if (inserted.length > 0 && kind !== 'account') {
    const [account] = await db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, owner.userId));
    await recordEvent(
      db,
      { kind: kind === 'candidate' ? 'profile' : 'company', id },
      'registered',
      {},
      account?.createdAt,
    );
  }
  const row = await selectRow(db, kind, owner.userId);
  if (!row) throw new Error(`${TABLES[kind]} row of ${owner.userId} vanished after insert`);
  return row;
}

/**
 * The record whose timeline tells what happens to an account: a candidate's profile or a company's
 * company profile (made on first use, like every read of it); null for other accounts (agents).
 */
export async function ownTimelineTarget(db: Database, owner: Owner): Promise<TimelineTarget | null> {
  if (isCandidateType(owner.userType))
    return { kind: 'profile', id: (await ensureRow(db, 'candidate', owner)).id };
  if (owner.userType === 'company')
    return { kind: 'company', id: (await ensureRow(db, 'company', owner)).id };
  return null;
}

/** The catalogue fields of a record: the company catalogue, or the profile fields of the user type. */
export function fieldsFor(catalog: Catalog, kind: ProfileKind, userType: string): FieldDefinition[] {
  return kind === 'company' ? catalog.company : catalog.profile.filter((f) => fieldIsFor(f, userType));
}

/**
 * A record's completeness and its missing keys: a candidate's weighs what matching uses
 * (contract/completeness.ts); a company's is the share of its required fields that are filled (100
 * without required fields).
 */
export function completenessOf(
  kind: ProfileKind,
  fields: FieldDefinition[],
  values: Record<string, unknown>,
): { completeness: number; missing: string[] } {
  if (kind === 'candidate') return candidateCompleteness(values);
  const required = fields.filter((f) => f.required);
  const missing = requiredMissing(fields, values);
  const completeness =
    required.length === 0 ? 100 : Math.round((100 * (required.length - missing.length)) / required.length);
  return { completeness, missing };
}

/**
 * The required catalogue fields a record leaves empty: what the registration's profile step waits
 * for (a candidate's completeness weighs what matching uses instead, and names those parts).
 */
export function requiredMissing(fields: FieldDefinition[], values: Record<string, unknown>): string[] {
  return fields.filter((f) => f.required && isEmptyValue(values[f.key])).map((f) => f.key);
}

/**
 * All values of a record checked with the catalogue's builder (the same the forms use): the values
 * to store (empty ones left out), or 400 with a code per field. `extra` are codes of fields checked
 * elsewhere (an agent's contact e-mail), answered together with the catalogue's.
 */
export function parseValues(
  kind: ProfileKind,
  fields: FieldDefinition[],
  type: string,
  input: Record<string, unknown>,
  extra: Record<string, string[]> = {},
): Record<string, unknown> {
  const schema = buildValuesSchema(kind === 'company' ? 'company' : 'profile', fields, {
    userType: type,
    cities: cityById,
  });
  const parsed = v.safeParse(schema, input);
  if (!parsed.success || Object.keys(extra).length > 0) {
    const fields = parsed.success ? {} : fieldErrors(parsed.issues);
    throw new ApiError(400, ErrorCode.validation, 'Invalid profile values', { ...fields, ...extra });
  }
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.output)) if (value !== null) values[key] = value;
  return values;
}

/** A stored record as the profile calls answer it: the values of its fields, completeness, version. */
export function toResponse(
  kind: ProfileKind,
  row: Row,
  fields: FieldDefinition[],
  userType: string,
  image: string | null,
): ProfileResponse {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row.values[field.key];
    if (value !== undefined && value !== null)
      values[field.key] = field.type === 'location' ? withCityId(value) : value;
  }
  return {
    uuid: row.id,
    type: kind === 'company' ? 'company' : (row.type ?? userType),
    values,
    image,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    pausedByAgency: row.paused_by_agency,
    ...completenessOf(kind, fields, values),
    version: row.version,
  };
}

/**
 * A stored city from before requests named the list's id (the demo seed wrote such) gets the id of
 * the list's city at its place, so the form sends it back as a valid `{ id }`. Rows are not rewritten.
 */
function withCityId(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'id' in value) return value;
  const { lat, lng, country } = value as Partial<Record<'lat' | 'lng' | 'country', unknown>>;
  if (typeof lat !== 'number' || typeof lng !== 'number' || typeof country !== 'string') return value;
  return cityNear({ lat, lng, country }) ?? value;
}

/**
 * What the company profile's answer says the caller may do (decision 0031): change it, unless the
 * caller is one of the company's contacts. The other profiles answer nothing: their reader may edit.
 */
async function permissionsOf(db: Database, kind: ProfileKind, owner: Owner): Promise<{ canEdit?: boolean }> {
  return kind === 'company' ? { canEdit: await mayActAsMainLogin(db, owner) } : {};
}

async function respond(db: Database, kind: ProfileKind, owner: Owner, row: Row): Promise<ProfileResponse> {
  const type = row.type ?? owner.userType;
  const catalog = await readCatalog(db);
  const image = kind === 'company' ? null : await photoUrlOf(db, owner.userId);
  const permissions = await permissionsOf(db, kind, owner);
  return { ...toResponse(kind, row, fieldsFor(catalog, kind, type), type, image), ...permissions };
}

/** GET /api/profile, GET /api/company. */
export async function readProfile(db: Database, kind: ProfileKind, owner: Owner): Promise<ProfileResponse> {
  return respond(db, kind, owner, await ensureRow(db, kind, owner));
}

/**
 * PUT /api/profile, PUT /api/company: validates all values with the catalogue's builder (fields left
 * out are cleared) and saves them only if the row is still at `version`.
 */
export async function updateProfile(
  db: Database,
  kind: ProfileKind,
  owner: Owner,
  input: { values: Record<string, unknown>; version: number },
): Promise<UpdateResult> {
  const permissions = await permissionsOf(db, kind, owner);
  if (permissions.canEdit === false) throw mainLoginOnly();
  const row = await ensureRow(db, kind, owner);
  const type = row.type ?? owner.userType;
  const catalog = await readCatalog(db);
  const fields = fieldsFor(catalog, kind, type);
  const values = parseValues(kind, fields, type, input.values);

  const [saved] = await queryRows(
    db,
    sql`update ${table(kind)} set "values" = ${JSON.stringify(values)}::jsonb, version = version + 1,
          updated_at = now()
        where user_id = ${owner.userId} and version = ${input.version}
        returning ${columns(kind)}`,
    Row,
  );
  const image = kind === 'company' ? null : await photoUrlOf(db, owner.userId);
  if (saved)
    return { ok: true, profile: { ...toResponse(kind, saved, fields, type, image), ...permissions } };
  const current = await selectRow(db, kind, owner.userId);
  if (!current) throw new Error(`${TABLES[kind]} row of ${owner.userId} vanished during update`);
  return { ok: false, current: { ...toResponse(kind, current, fields, type, image), ...permissions } };
}

const statusOf = (row: Row): ProfileStatusResponse => ({
  status: row.status === 'inactive' ? 'inactive' : 'active',
  pausedByAgency: row.paused_by_agency,
});

/** GET /api/profile/status. */
export async function readStatus(db: Database, owner: Owner): Promise<ProfileStatusResponse> {
  return statusOf(await ensureRow(db, 'candidate', owner));
}

/**
 * POST /api/profile/status: an inactive profile takes no part in matching until it is active again.
 * The candidate cannot switch matching on while the agency blocks the profile (409
 * `profile.blocked`, PRODUCT.md §8); switching it off is always allowed.
 */
export async function setStatus(
  db: Database,
  owner: Owner,
  status: ProfileStatus,
): Promise<ProfileStatusResponse> {
  await ensureRow(db, 'candidate', owner);
  const [row] = await queryRows(
    db,
    sql`update profiles set status = ${status}
        where user_id = ${owner.userId} and (${status} = 'inactive' or blocked_at is null)
        returning ${columns('candidate')}`,
    Row,
  );
  if (!row)
    throw new ApiError(409, 'profile.blocked', 'The agency paused this profile: only an agent resumes it');
  return statusOf(row);
}
