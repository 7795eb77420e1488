import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { textOrNull, uuid, uuidOrNull } from '../db/rows';
import { ApiError } from '../errors';

/**
 * The one answer to "which company is this caller" (issue 42, docs/decisions/0031-contacts-sign-in.md):
 * a company account acts for the company record whose main login it is, or for the company of the
 * contact whose login it is. Every company-scoped rule (requests, submissions, answers, contacts, the
 * company profile) asks here, so a contact's login sees exactly what its company sees.
 */

/** The company records a user acts for, as a subquery: at most one row. */
export const companiesOfUser = (userId: SQL | string): SQL =>
  sql`(select id from companies where user_id = ${userId}
       union all select company_id from company_contacts where user_id = ${userId})`;

/** The company records the caller acts for, as a subquery (none for agents and candidates). */
export const callerCompanies = (caller: Pick<Caller, 'userId'>): SQL => companiesOfUser(caller.userId);

export interface CallerCompany {
  /** The company record. */
  id: string;
  /** The contact whose login the caller is; null for the company's main login. */
  contactId: string | null;
  /** That contact's whole name ('' for the main login). */
  contactName: string;
}

const CallerCompanyRow = v.object({ id: uuid, contact_id: uuidOrNull, contact_name: textOrNull });

/** The company of a company caller, and whether it signed in as one of its contacts; null if none. */
export async function callerCompany(
  db: Database,
  caller: Pick<Caller, 'userId' | 'userType'>,
): Promise<CallerCompany | null> {
  if (caller.userType !== 'company') return null;
  const [row] = await queryRows(
    db,
    sql`select id, null::uuid as contact_id, null::text as contact_name from companies where user_id = ${caller.userId}
        union all
        select company_id, id, name from company_contacts where user_id = ${caller.userId}
        limit 1`,
    CallerCompanyRow,
  );
  return row ? { id: row.id, contactId: row.contact_id, contactName: row.contact_name ?? '' } : null;
}

export const mainLoginOnly = () =>
  new ApiError(403, 'company.main_login_only', "Only the company's main login may do this");

/**
 * Whether the caller may do what only the company's main login may (decision 0031): change the
 * company profile and invite contacts. Everyone but a contact's login (agents too); the answers that
 * offer these (`canEdit`, `canInvite`) ask here, as the refusal below does.
 */
export async function mayActAsMainLogin(
  db: Database,
  caller: Pick<Caller, 'userId' | 'userType'>,
): Promise<boolean> {
  const company = await callerCompany(db, caller);
  return !company?.contactId;
}

/** A contact's login is refused with 403 company.main_login_only (see `mayActAsMainLogin`). */
export async function assertMainLogin(
  db: Database,
  caller: Pick<Caller, 'userId' | 'userType'>,
): Promise<void> {
  if (!(await mayActAsMainLogin(db, caller))) throw mainLoginOnly();
}
