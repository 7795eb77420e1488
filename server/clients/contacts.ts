import { sql } from 'drizzle-orm';
import { isUuid } from '../../contract/agent';
import {
  type Contact,
  type ContactList,
  type ContactLogin,
  type ContactSalutation,
  type ContactUpdate,
  type ContactValues,
  contactFullName,
} from '../../contract/client';
import { companyNotFound } from '../agents/access';
import { recordAction, recordEvent } from '../agents/audit';
import { issueInvitation } from '../agents/invitations';
import { type Caller, forbidden, isAgent, isCompany } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
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

interface ContactRow {
  id: string;
  company_id: string;
  name: string;
  salutation: ContactSalutation;
  title: string;
  first_name: string;
  last_name: string;
  role: string;
  email: string | null;
  phone: string | null;
  language: 'de' | 'en';
  is_default: boolean;
  login: ContactLogin;
  user_id: string | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (x: string | Date) => (x instanceof Date ? x : new Date(x)).toISOString();

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
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const contactNotFound = () => new ApiError(404, 'contact.not_found', 'No such contact');

/**
 * The company whose contacts the caller may see: any for an agent, its own for a company (404 for
 * another's or a malformed uuid, so a company cannot probe which exist), none for anybody else.
 */
async function companyOf(db: Database, caller: Caller, companyId: string): Promise<string> {
  if (!isAgent(caller) && !(isCompany(caller) && caller.registrationStep === 0)) throw forbidden();
  if (!isUuid(companyId)) throw companyNotFound();
  const id = companyId.toLowerCase();
  const [row] = await queryRows<{ id: string; own: boolean }>(
    db,
    sql`select id, id in ${callerCompanies(caller)} as own from companies where id = ${id}`,
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
  const [row] = await queryRows<ContactRow>(
    db,
    sql`${SELECT} where id = ${id.toLowerCase()} and company_id = ${companyId}`,
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
    queryRows<ContactRow>(
      db,
      sql`${SELECT} where company_id = ${company} order by is_default desc, created_at, id`,
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
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

/** PUT /api/company/{uuid}/contacts: the company's first contact is its default, whatever was sent. */
export async function createContact(
  db: Database,
  caller: Caller,
  companyId: string,
  input: ContactValues,
): Promise<Contact> {
  const company = await companyOf(db, caller, companyId);
  const id = crypto.randomUUID();
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await lockCompany(tx, company);
    const [{ n }] = (await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from company_contacts where company_id = ${company}`,
    )) as [{ n: number | string }];
    const isDefault = Number(n) === 0 || input.isDefault === true;
    if (isDefault)
      await tx.execute(
        sql`update company_contacts set is_default = false where company_id = ${company} and is_default`,
      );
    const name = contactFullName(input);
    await tx.execute(
      sql`insert into company_contacts (id, company_id, name, salutation, title, first_name, last_name, role,
            email, phone, language, is_default)
          values (${id}, ${company}, ${name}, ${input.salutation}, ${input.title}, ${input.firstName},
                  ${input.lastName}, ${input.role}, ${input.email}, ${input.phone}, ${input.language},
                  ${isDefault})`,
    );
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
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
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
    if (isDefault && !existing.is_default)
      await tx.execute(
        sql`update company_contacts set is_default = false where company_id = ${company} and is_default`,
      );
    const name = contactFullName(input);
    await tx.execute(
      sql`update company_contacts set name = ${name}, salutation = ${input.salutation}, title = ${input.title},
            first_name = ${input.firstName}, last_name = ${input.lastName}, role = ${input.role}, email = ${input.email},
            phone = ${input.phone}, language = ${input.language}, is_default = ${isDefault},
            version = version + 1, updated_at = now()
          where id = ${existing.id}`,
    );
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
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await lockCompany(tx, company);
    const existing = await selectContact(tx, company, contactId);
    if (!existing) throw contactNotFound();
    const endedLogins = await endContactLogins(tx, sql`id = ${existing.id}`);
    await tx.execute(sql`delete from company_contacts where id = ${existing.id}`);
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
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
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
