import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import {
  CONTACT_LANGUAGES,
  CONTACT_LOGIN_STATES,
  CONTACT_SALUTATIONS,
  type Contact,
  type ContactList,
  type ContactUpdate,
  type ContactValues,
  contactFullName,
} from '../../contract/client';
import { companyNotFound } from '../agents/access';
import { recordAction, recordEvent } from '../agents/audit';
import { issueInvitation } from '../agents/invitations';
import { type Caller, forbidden, isAgent, isCompany } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { bool, int, text, textOrNull, time, uuid, uuidOrNull } from '../db/rows';
import { companies } from '../db/schema/accounts';
import { companyContacts } from '../db/schema/clients';
import { ApiError } from '../errors';
import { findUserByEmail, normaliseEmail } from '../users/users';
import { assertMainLogin, callerCompanies, mayActAsMainLogin } from './caller-company';
import { endContactLogins } from './contact-logins';

/**
 * A company's contacts (PRODUCT.md §10): agents read and write those of any company, a company those
 * of its own record (another company's answer 404, as if it did not exist), candidates none (403).
 * Whenever a company has contacts exactly one is the default: the first one created is, making
 * another the default unsets the previous one in the same statement, and when the default is
 * deleted the oldest one left takes over. The partial unique index company_contacts_one_default
 * refuses a second default even from writers racing each other.
 */

/** A contact as SELECT reads it. */
const ContactRow = v.object({
  id: uuid,
  company_id: uuid,
  name: text,
  salutation: v.picklist(CONTACT_SALUTATIONS),
  title: text,
  first_name: text,
  last_name: text,
  role: text,
  email: textOrNull,
  phone: textOrNull,
  language: v.picklist(CONTACT_LANGUAGES),
  is_default: bool,
  login: v.picklist(CONTACT_LOGIN_STATES),
  user_id: uuidOrNull,
  version: int,
  created_at: time,
  updated_at: time,
});
type ContactRow = v.InferOutput<typeof ContactRow>;

function toContact(row: ContactRow): Contact {
  return {
    uuid: row.id,
    companyUuid: row.company_id,
    name: row.name,
    salutation: row.salutation,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    email: row.email,
    phone: row.phone,
    language: row.language,
    isDefault: row.is_default,
    login: row.login,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const contactNotFound = () => new ApiError(404, 'contact.not_found', 'No such contact');

/**
 * The company whose contacts the caller may see: any for an agent, its own for a company (404 for
 * another's or a malformed uuid, so a company cannot probe which exist), none for anybody else.
 */
const OwnCompanyRow = v.object({ id: uuid, own: bool });

async function companyOf(db: Database, caller: Caller, companyId: string): Promise<string> {
  if (!isAgent(caller) && !(isCompany(caller) && caller.registrationStep === 0)) throw forbidden();
  if (!isUuid(companyId)) throw companyNotFound();
  const id = companyId.toLowerCase();
  const [row] = await queryRows(
    db,
    sql`select id, id in ${callerCompanies(caller)} as own from companies where id = ${id}`,
    OwnCompanyRow,
  );
  if (!row || (!isAgent(caller) && !row.own)) throw companyNotFound();
  return row.id;
}

/** A contact's login (decision 0031): its account, else a live invitation, else none. */
const LOGIN = sql`case when user_id is not null then 'active'
  when exists (select 1 from invitations i where i.contact_id = company_contacts.id and i.used_at is null
               and i.revoked_at is null and i.expires_at > now()) then 'invited' else 'none' end`;

const SELECT = sql`select id, company_id, name, salutation, title, first_name, last_name, role, email, phone, language, is_default, version, created_at,
  updated_at, user_id, ${LOGIN} as login from company_contacts`;

async function selectContact(db: Database, companyId: string, id: string): Promise<ContactRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows(
    db,
    sql`${SELECT} where id = ${id.toLowerCase()} and company_id = ${companyId}`,
    ContactRow,
  );
  return row;
}

/**
 * GET /api/company/{uuid}/contacts: the default first, then in the order they were added, and whether
 * the caller may invite them (as `inviteContact` decides: agents and the main login).
 */
export async function listContacts(db: Database, caller: Caller, companyId: string): Promise<ContactList> {
  const company = await companyOf(db, caller, companyId);
  const [rows, canInvite] = await Promise.all([
    queryRows(
      db,
      sql`${SELECT} where company_id = ${company} order by is_default desc, created_at, id`,
      ContactRow,
    ),
    mayActAsMainLogin(db, caller),
  ]);
  return { items: rows.map(toContact), canInvite };
}

/** A change of a contact on the company's timeline: by the agent who made it, or by the company itself. */
async function recordContact(tx: Database, caller: Caller, company: string, action: string, name: string) {
  const target = { kind: 'company', id: company } as const;
  if (isAgent(caller)) await recordAction(tx, caller, target, action, { contact: name });
  else await recordEvent(tx, target, action, { contact: name });
}

/** Locks the company's contacts for a write, so two writers cannot both leave it without a default. */
async function lockCompany(tx: Database, companyId: string) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** The company has no default contact (the step before making one the default). */
async function unsetDefault(tx: Database, companyId: string) {
  await tx
    .update(companyContacts)
    .set({ isDefault: false })
    .where(and(eq(companyContacts.companyId, companyId), eq(companyContacts.isDefault, true)));
}

/** The columns a create or an edit writes as sent (besides the whole name and the default). */
const written = (input: ContactValues) => ({
  salutation: input.salutation,
  title: input.title,
  firstName: input.firstName,
  lastName: input.lastName,
  role: input.role,
  email: input.email,
  phone: input.phone,
  language: input.language,
});

/** PUT /api/company/{uuid}/contacts: the company's first contact is its default, whatever was sent. */
export async function createContact(
  db: Database,
  caller: Caller,
  companyId: string,
  input: ContactValues,
): Promise<Contact> {
  const company = await companyOf(db, caller, companyId);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await lockCompany(tx, company);
    const count = await tx.$count(companyContacts, eq(companyContacts.companyId, company));
    const isDefault = count === 0 || input.isDefault === true;
    if (isDefault) await unsetDefault(tx, company);
    const name = contactFullName(input);
    await tx.insert(companyContacts).values({ id, companyId: company, ...written(input), name, isDefault });
    await recordContact(tx, caller, company, 'contact.added', name);
  });
  return toContact((await selectContact(db, company, id))!);
}

export type UpdateContactResult = { ok: true; contact: Contact } | { ok: false; current: Contact };

/**
 * POST /api/company/{uuid}/contacts/{contact}: every field as sent, with the version it was edited
 * from (a stale one: 409 with the contact as it is now). `isDefault: true` makes it the default;
 * `false` on the default is refused (400 contact.default_required): another one must take over.
 */
export async function updateContact(
  db: Database,
  caller: Caller,
  companyId: string,
  contactId: string,
  input: ContactValues & Pick<ContactUpdate, 'version'>,
): Promise<UpdateContactResult> {
  const company = await companyOf(db, caller, companyId);
  const saved = await db.transaction(async (tx) => {
    await lockCompany(tx, company);
    const existing = await selectContact(tx, company, contactId);
    if (!existing) throw contactNotFound();
    if (existing.version !== input.version) return false;
    if (existing.is_default && input.isDefault === false) {
      throw new ApiError(400, 'contact.default_required', 'Make another contact the default first', {
        isDefault: ['contact.default_required'],
      });
    }
    const isDefault = existing.is_default || input.isDefault === true;
    if (isDefault && !existing.is_default) await unsetDefault(tx, company);
    const name = contactFullName(input);
    await tx
      .update(companyContacts)
      .set({
        ...written(input),
        name,
        isDefault,
        version: sql`${companyContacts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(companyContacts.id, existing.id));
    await recordContact(tx, caller, company, 'contact.edited', name);
    return true;
  });
  const current = await selectContact(db, company, contactId);
  if (!current) throw contactNotFound();
  return saved ? { ok: true, contact: toContact(current) } : { ok: false, current: toContact(current) };
}

/**
 * DELETE /api/company/{uuid}/contacts/{contact}: when it was the default, the oldest left takes over.
 * The contact's login ends with it (decision 0031): answers its user id for the revocation cache.
 */
export async function deleteContact(
  db: Database,
  caller: Caller,
  companyId: string,
  contactId: string,
): Promise<{ endedLogins: string[] }> {
  const company = await companyOf(db, caller, companyId);
  return db.transaction(async (tx) => {
    await lockCompany(tx, company);
    const existing = await selectContact(tx, company, contactId);
    if (!existing) throw contactNotFound();
    const endedLogins = await endContactLogins(tx, sql`id = ${existing.id}`);
    await tx.delete(companyContacts).where(eq(companyContacts.id, existing.id));
    await recordContact(tx, caller, company, 'contact.removed', existing.name);
    if (existing.is_default) {
      await tx.execute(
        sql`update company_contacts set is_default = true, updated_at = now()
            where id = (select id from company_contacts where company_id = ${company}
                        order by created_at, id limit 1)`,
      );
    }
    return { endedLogins };
  });
}

/**
 * POST /api/company/{uuid}/contacts/{contact}/invite: mails the contact a link to its own login, in
 * its language (decision 0031). Agents for any company, the company's main login for its own (a
 * contact's login: 403 company.main_login_only). A contact without an e-mail (409 contact.no_email),
 * with a login already (409 invitation.has_account) or whose address has an account (409
 * contact.email_has_account) is refused. A newer invitation replaces the older link ("Resend").
 */
export async function inviteContact(
  db: Database,
  caller: Caller,
  companyId: string,
  contactId: string,
  publicOrigin: string,
  now: Date,
): Promise<Contact> {
  const company = await companyOf(db, caller, companyId);
  if (!isAgent(caller)) await assertMainLogin(db, caller);
  await db.transaction(async (tx) => {
    await lockCompany(tx, company);
    const existing = await selectContact(tx, company, contactId);
    if (!existing) throw contactNotFound();
    if (existing.user_id)
      throw new ApiError(409, 'invitation.has_account', 'This contact has its login already');
    if (!existing.email) throw new ApiError(409, 'contact.no_email', 'The contact has no e-mail address');
    const email = normaliseEmail(existing.email);
    if (await findUserByEmail(tx, email))
      throw new ApiError(409, 'contact.email_has_account', 'This e-mail address has an account already', {
        email: ['contact.email_has_account'],
      });
    await issueInvitation(tx, caller, 'contact', existing.id, email, existing.language, publicOrigin, now);
    await recordContact(tx, caller, company, 'contact.invited', existing.name);
  });
  return toContact((await selectContact(db, company, contactId))!);
}
