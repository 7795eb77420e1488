import { sql } from 'drizzle-orm';
import { isUuid } from '../../contract/agent';
import type { Contact, ContactList, ContactUpdate, ContactValues } from '../../contract/client';
import { companyNotFound } from '../agents/access';
import { recordAction, recordEvent } from '../agents/audit';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';
import { type Caller, forbidden, isAgent, isCompany } from '../jobs/access';

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
  role: string;
  email: string | null;
  phone: string | null;
  language: 'de' | 'en';
  is_default: boolean;
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
    role: row.role,
    email: row.email,
    phone: row.phone,
    language: row.language,
    isDefault: row.is_default,
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
  const [row] = await queryRows<{ id: string; user_id: string | null }>(
    db,
    sql`select id, user_id from companies where id = ${id}`,
  );
  if (!row || (!isAgent(caller) && row.user_id !== caller.userId)) throw companyNotFound();
  return row.id;
}

const SELECT = sql`select id, company_id, name, role, email, phone, language, is_default, version, created_at,
  updated_at from company_contacts`;

async function selectContact(db: Database, companyId: string, id: string): Promise<ContactRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows<ContactRow>(
    db,
    sql`${SELECT} where id = ${id.toLowerCase()} and company_id = ${companyId}`,
  );
  return row;
}

/** GET /api/company/{uuid}/contacts: the default first, then in the order they were added. */
export async function listContacts(db: Database, caller: Caller, companyId: string): Promise<ContactList> {
  const company = await companyOf(db, caller, companyId);
  const rows = await queryRows<ContactRow>(
    db,
    sql`${SELECT} where company_id = ${company} order by is_default desc, created_at, id`,
  );
  return { items: rows.map(toContact) };
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
    await tx.execute(
      sql`insert into company_contacts (id, company_id, name, role, email, phone, language, is_default)
          values (${id}, ${company}, ${input.name}, ${input.role}, ${input.email}, ${input.phone},
                  ${input.language}, ${isDefault})`,
    );
    await recordContact(tx, caller, company, 'contact.added', input.name);
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
    await tx.execute(
      sql`update company_contacts set name = ${input.name}, role = ${input.role}, email = ${input.email},
            phone = ${input.phone}, language = ${input.language}, is_default = ${isDefault},
            version = version + 1, updated_at = now()
          where id = ${existing.id}`,
    );
    await recordContact(tx, caller, company, 'contact.edited', input.name);
    return true;
  });
  const current = await selectContact(db, company, contactId);
  if (!current) throw contactNotFound();
  return saved ? { ok: true, contact: toContact(current) } : { ok: false, current: toContact(current) };
}

/** DELETE /api/company/{uuid}/contacts/{contact}: when it was the default, the oldest left takes over. */
export async function deleteContact(
  db: Database,
  caller: Caller,
  companyId: string,
  contactId: string,
): Promise<void> {
  const company = await companyOf(db, caller, companyId);
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await lockCompany(tx, company);
    const existing = await selectContact(tx, company, contactId);
    if (!existing) throw contactNotFound();
    await tx.execute(sql`delete from company_contacts where id = ${existing.id}`);
    await recordContact(tx, caller, company, 'contact.removed', existing.name);
    if (existing.is_default) {
      await tx.execute(
        sql`update company_contacts set is_default = true, updated_at = now()
            where id = (select id from company_contacts where company_id = ${company}
                        order by created_at, id limit 1)`,
      );
    }
  });
}
