import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Catalog } from '../../contract/catalog';
import { FieldError } from '../../contract/field-errors';
import { CONTACT_EMAIL_KEY, ContactEmailSchema } from '../../contract/people';
import type { ProfileResponse, ProfileUpdate } from '../../contract/profile';
import type { Caller } from '../auth/caller';
import { readCatalog } from '../catalog/catalog';
import { type Database, queryRows } from '../db/client';
import { bool, int, record, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { photoUrlOf } from '../profiles/photos';
import {
  fieldsFor,
  type ProfileKind,
  parseValues,
  toResponse,
  type UpdateResult,
} from '../profiles/profiles';
import { companyNotFound, profileNotFound } from './access';
import { recordAction } from './audit';

/**
 * Agents create candidates and companies and edit anyone's (issue 20, PRODUCT.md §10), with the
 * owner's catalogue checks and version rule (server/profiles/profiles.ts). A record an agent
 * creates has no account; its contact e-mail, where the invitation goes, travels in the form's
 * values as `contact_email` (contract/people.ts) and is stored beside them. Every write is recorded
 * with the fields it changed (audit.ts).
 */

type Kind = 'profile' | 'company';

const KeptRow = v.object({
  id: uuid,
  user_id: uuidOrNull,
  type: textOrNull,
  status: text,
  values: record,
  version: int,
  contact_email: textOrNull,
  /** The agency blocked the candidate (PRODUCT.md §8); false for companies. */
  paused_by_agency: bool,
});
type KeptRow = v.InferOutput<typeof KeptRow>;

const TABLE = { profile: sql`profiles`, company: sql`companies` } as const;
const COLUMNS = {
  profile: sql`id, user_id, type, status, "values", version, contact_email,
                blocked_at is not null as paused_by_agency`,
  company: sql`id, user_id, null::text as type, 'active' as status, "values", version, contact_email,
                false as paused_by_agency`,
} as const;
const PROFILE_KIND: Record<Kind, ProfileKind> = { profile: 'candidate', company: 'company' };
const notFound = (kind: Kind) => (kind === 'profile' ? profileNotFound() : companyNotFound());

async function keptRow(db: Database, kind: Kind, id: string, lock: boolean): Promise<KeptRow> {
  const [row] = await queryRows(
    db,
    sql`select ${COLUMNS[kind]} from ${TABLE[kind]} where id = ${id} ${lock ? sql`for update` : sql``}`,
    KeptRow,
  );
  if (!row) throw notFound(kind);
  return row;
}

/**
 * The values of the form split into the catalogue's (checked with the catalogue's builder) and the
 * contact e-mail, which only a record without an account has. Both sides' errors answer together.
 */
function checkedValues(
  catalog: Catalog,
  kind: Kind,
  type: string,
  input: Record<string, unknown>,
  hasAccount: boolean,
): { values: Record<string, unknown>; contactEmail: string | null } {
  const { [CONTACT_EMAIL_KEY]: contact, ...rest } = input;
  const errors: Record<string, string[]> = {};
  let contactEmail: string | null = null;
  if (hasAccount) {
    if (contact !== undefined) errors[CONTACT_EMAIL_KEY] = [FieldError.unknown];
  } else if (contact !== undefined && contact !== null && contact !== '') {
    const parsed = v.safeParse(ContactEmailSchema, contact);
    if (parsed.success) contactEmail = parsed.output?.toLowerCase() ?? null;
    else errors[CONTACT_EMAIL_KEY] = [parsed.issues[0].message];
  }
  const profileKind = PROFILE_KIND[kind];
  const values = parseValues(profileKind, fieldsFor(catalog, profileKind, type), type, rest, errors);
  return { values, contactEmail };
}

/** The record as the agents' forms load it: the owner's answer, plus the contact e-mail without an account. */
async function agentResponse(
  db: Database,
  catalog: Catalog,
  kind: Kind,
  row: KeptRow,
): Promise<ProfileResponse> {
  const type = row.type ?? 'company';
  const profileKind = PROFILE_KIND[kind];
  const image = kind === 'profile' && row.user_id ? await photoUrlOf(db, row.user_id) : null;
  const response = toResponse(
    profileKind,
    {
      id: row.id,
      type: row.type,
      status: row.status,
      values: row.values,
      version: row.version,
      paused_by_agency: row.paused_by_agency,
    },
    fieldsFor(catalog, profileKind, type),
    type,
    image,
  );
  if (!row.user_id && row.contact_email) response.values[CONTACT_EMAIL_KEY] = row.contact_email;
  return response;
}

/** A value as JSON with object keys sorted: jsonb keeps keys in its own order, a request in the sender's. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The keys whose value differs between two stored states (the contact e-mail counts as one). */
function changedFields(
  before: KeptRow,
  after: { values: Record<string, unknown>; contactEmail: string | null },
) {
  const keys = new Set([...Object.keys(before.values), ...Object.keys(after.values)]);
  const changed = [...keys].filter((key) => canonical(before.values[key]) !== canonical(after.values[key]));
  if (!before.user_id && (before.contact_email ?? null) !== after.contactEmail)
    changed.push(CONTACT_EMAIL_KEY);
  return changed.sort();
}

const filledKeys = (checked: { values: Record<string, unknown>; contactEmail: string | null }) =>
  [...Object.keys(checked.values), ...(checked.contactEmail ? [CONTACT_EMAIL_KEY] : [])].sort();

/**
 * PUT /api/agent/profile, PUT /api/agent/company: a candidate (of `type`) or a company without an
 * account, looked after by the agent who created it; a candidate takes part in matching like
 * everyone else. Answers the new record (version 0).
 */
export async function createKept(
  db: Database,
  caller: Caller,
  kind: Kind,
  type: string,
  input: Record<string, unknown>,
): Promise<ProfileResponse> {
  const catalog = await readCatalog(db);
  const checked = checkedValues(catalog, kind, type, input, false);
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    const values = sql`${JSON.stringify(checked.values)}::jsonb`;
    const [inserted] = await queryRows(
      tx,
      kind === 'profile'
        ? sql`insert into profiles (id, type, "values", contact_email, assigned_agent_id)
              values (${id}, ${type}, ${values}, ${checked.contactEmail}, ${caller.userId})
              returning ${COLUMNS.profile}`
        : sql`insert into companies (id, "values", contact_email, assigned_agent_id)
              values (${id}, ${values}, ${checked.contactEmail}, ${caller.userId})
              returning ${COLUMNS.company}`,
      KeptRow,
    );
    if (!inserted) throw new Error(`${kind} insert answered no row`);
    await recordAction(tx, caller, { kind, id }, `${kind}.created`, {
      ...(kind === 'profile' ? { type } : {}),
      fields: filledKeys(checked),
    });
    return inserted;
  });
  return agentResponse(db, catalog, kind, row);
}

/**
 * POST /api/agent/profile/{uuid}, POST /api/agent/company/{uuid}: the owner's rule — every value of
 * the form, saved only if the record is still at `version`, else the record as it is now (409).
 * The edit is recorded with the fields it changed.
 */
export async function updateKept(
  db: Database,
  caller: Caller,
  kind: Kind,
  id: string,
  input: ProfileUpdate,
): Promise<UpdateResult> {
  const catalog = await readCatalog(db);
  const result = await db.transaction(async (tx) => {
    const current = await keptRow(tx, kind, id, true);
    const checked = checkedValues(
      catalog,
      kind,
      current.type ?? 'company',
      input.values,
      current.user_id !== null,
    );
    if (current.version !== input.version) return { ok: false as const, row: current };
    const fields = changedFields(current, checked);
    const [saved] = await queryRows(
      tx,
      sql`update ${TABLE[kind]} set "values" = ${JSON.stringify(checked.values)}::jsonb,
            contact_email = ${current.user_id ? current.contact_email : checked.contactEmail},
            version = version + 1, updated_at = now()
          where id = ${current.id}
          returning ${COLUMNS[kind]}`,
      KeptRow,
    );
    if (!saved) throw new Error(`${kind} ${current.id} vanished during update`);
    if (fields.length > 0)
      await recordAction(tx, caller, { kind, id: current.id }, `${kind}.edited`, { fields });
    return { ok: true as const, row: saved };
  });
  const profile = await agentResponse(db, catalog, kind, result.row);
  return result.ok ? { ok: true, profile } : { ok: false, current: profile };
}

/** The record as the agents' forms load it (the candidate's page and the company's page carry it too). */
export async function readKept(db: Database, kind: Kind, id: string): Promise<ProfileResponse> {
  return agentResponse(db, await readCatalog(db), kind, await keptRow(db, kind, id, false));
}
