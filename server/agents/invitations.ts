import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { REQUIRED_ACCEPTANCES } from '../../contract/account';
import { LEGAL_TEXTS } from '../../contract/legal';
import {
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationAccept,
  type InvitationInfo,
  type InviteBody,
} from '../../contract/people';
import type { TokenPair } from '../../contract/session';
import type { Language } from '../../contract/user-types';
import { accountMail } from '../account/mails';
import type { Caller } from '../auth/caller';
import { hashPassword } from '../auth/password';
import { assertPasswordAllowed } from '../auth/password-rules';
import { type AuthServices, issueTokenPair } from '../auth/sessions';
import { type Database, queryRows } from '../db/client';
import { IdRow, recordOrNull, text, textOrNull, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { companyContacts } from '../db/schema/clients';
import { invitations } from '../db/schema/invitations';
import { legalAcceptances } from '../db/schema/registration';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { currentLegalVersions } from '../legal/texts';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import { findUserByEmail, normaliseEmail } from '../users/users';
import { companyNotFound, profileNotFound } from './access';
import { recordAction } from './audit';

/**
 * Invitations (issue 20, PRODUCT.md §10): an agent sends a person whose profile or company has no
 * account a one-time link (7 days). Whoever opens it sets a password and accepts the terms; the
 * account is then a normal one, registration finished, its e-mail validated by the link, and the
 * record is theirs. A newer invitation to the same record replaces the older link. Only a SHA-256
 * of the token is stored.
 */

/** What an invitation is for: a candidate profile, a company, or a company's contact (its own login). */
export type InvitationKind = 'profile' | 'company' | 'contact';
type Kind = InvitationKind;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const targetColumn = (kind: Kind) =>
  kind === 'profile' ? sql`profile_id` : kind === 'company' ? sql`company_id` : sql`contact_id`;
const targetTable = (kind: Kind) =>
  kind === 'profile' ? sql`profiles` : kind === 'company' ? sql`companies` : sql`company_contacts`;

/** The record an invitation is for (a candidate's profile, a company): its account and contact e-mail. */
const RecordRow = v.object({ user_id: uuidOrNull, contact_email: textOrNull });

const emailTaken = () =>
  new ApiError(409, 'email.taken', 'E-mail address already registered', { email: ['email.taken'] });
const invitationNotFound = () =>
  new ApiError(404, 'invitation.not_found', 'No such invitation, or a newer one replaced it');
const invitationUsed = () => new ApiError(409, 'invitation.used', 'The invitation was accepted already');
const invitationExpired = () => new ApiError(409, 'invitation.expired', 'The invitation expired');

const InvitationRow = v.object({
  email: text,
  language: text,
  created_at: time,
  expires_at: time,
  used_at: timeOrNull,
});
type InvitationRow = v.InferOutput<typeof InvitationRow>;

function asInvitation(row: InvitationRow, now: Date): Invitation {
  const expiresAt = new Date(row.expires_at);
  return {
    email: row.email,
    language: languageOf(row.language),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    state: row.used_at ? 'accepted' : expiresAt <= now ? 'expired' : 'open',
  };
}

/** The record's latest invitation that no newer one replaced, or null (agents' pages show it). */
export async function latestInvitation(
  db: Database,
  kind: Kind,
  id: string,
  now: Date = new Date(),
): Promise<Invitation | null> {
  const [row] = await queryRows(
    db,
    sql`select email, language, created_at, expires_at, used_at from invitations
        where ${targetColumn(kind)} = ${id} and revoked_at is null order by created_at desc, id limit 1`,
    InvitationRow,
  );
  return row ? asInvitation(row, now) : null;
}

/**
 * POST /api/agent/{profile|company}/{uuid}/invite: mails the link in `language` to `email` (or the
 * record's contact e-mail, which becomes the given address). A record with an account, an address
 * that has an account, or no address at all is refused.
 */
export async function invite(
  db: Database,
  caller: Caller,
  kind: 'profile' | 'company',
  recordId: string,
  body: InviteBody,
  publicOrigin: string,
  now: Date,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const [record] = await queryRows(
      tx,
      sql`select user_id, contact_email from ${targetTable(kind)} where id = ${recordId} for update`,
      RecordRow,
    );
    if (!record) throw kind === 'profile' ? profileNotFound() : companyNotFound();
    if (record.user_id)
      throw new ApiError(409, 'invitation.has_account', 'This record has its account already');
    const address = body.email ?? record.contact_email;
    if (!address)
      throw new ApiError(400, 'invitation.email_missing', 'No e-mail address to invite', {
        email: ['invitation.email_missing'],
      });
    const email = normaliseEmail(address);
    if (await findUserByEmail(tx, email)) throw emailTaken();
    if (email !== record.contact_email)
      await tx.execute(sql`update ${targetTable(kind)} set contact_email = ${email} where id = ${recordId}`);
    const invitation = await issueInvitation(
      tx,
      caller,
      kind,
      recordId,
      email,
      body.language,
      publicOrigin,
      now,
    );
    await recordAction(tx, caller, { kind, id: recordId }, `${kind}.invited`, {
      email,
      language: body.language,
    });
    return invitation;
  });
}

/**
 * Inside the transaction that locked the record: replaces any open invitation to it by a new link,
 * mailed to `email` in `language` (a contact's invitation has its own text). The one way a link is
 * made, for people, companies and contacts alike; the caller checked who may and records it.
 */
export async function issueInvitation(
  db: Database,
  caller: Pick<Caller, 'userId'>,
  kind: Kind,
  recordId: string,
  email: string,
  language: Language,
  publicOrigin: string,
  now: Date,
): Promise<Invitation> {
  await db.execute(
    sql`update invitations set revoked_at = ${now.toISOString()}
        where ${targetColumn(kind)} = ${recordId} and used_at is null and revoked_at is null`,
  );
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows(
    db,
    sql`insert into invitations (id, ${targetColumn(kind)}, email, language, token_hash, invited_by,
                                 created_at, expires_at)
        values (${crypto.randomUUID()}, ${recordId}, ${email}, ${language}, ${sha256(token)},
                ${caller.userId}, ${now.toISOString()}, ${new Date(now.getTime() + INVITATION_TTL_MS).toISOString()})
        returning email, language, created_at, expires_at, used_at`,
    InvitationRow,
  );
  if (!row) throw new Error('invitation insert answered no row');
  const link = `${publicOrigin}/user/invitation/${token}`;
  const mail = accountMail(kind === 'contact' ? 'contactInvitation' : 'invitation', language, link);
  await queueMessage(db, { kind: 'mail', userId: null, to: email, ...mail }, now);
  return asInvitation(row, now);
}

/** An invitation as its link presents it, with the record it is for. */
const PresentedRow = v.object({
  id: uuid,
  profile_id: uuidOrNull,
  company_id: uuidOrNull,
  contact_id: uuidOrNull,
  email: text,
  language: text,
  expires_at: time,
  used_at: timeOrNull,
  revoked_at: timeOrNull,
  owner: uuidOrNull,
  type: textOrNull,
  values: recordOrNull,
});
type PresentedRow = v.InferOutput<typeof PresentedRow>;

/** The invitation a link names, if it may still be accepted; else the reason, as an error. */
async function presented(db: Database, token: string, now: Date, lock = false): Promise<PresentedRow> {
  const [row] = await queryRows(
    db,
    sql`select i.id, i.profile_id, i.company_id, i.contact_id, i.email, i.language, i.expires_at, i.used_at,
          i.revoked_at, coalesce(p.user_id, c.user_id, cc.user_id) as owner, p.type,
          coalesce(p."values", c."values", cc_company."values") as "values"
        from invitations i
        left join profiles p on p.id = i.profile_id
        left join companies c on c.id = i.company_id
        left join company_contacts cc on cc.id = i.contact_id
        left join companies cc_company on cc_company.id = cc.company_id
        where i.token_hash = ${sha256(token)} ${lock ? sql`for update of i` : sql``}`,
    PresentedRow,
  );
  if (!row || row.revoked_at) throw invitationNotFound();
  if (row.used_at || row.owner) throw invitationUsed();
  if (new Date(row.expires_at) <= now) throw invitationExpired();
  return row;
}

const nameOf = (row: PresentedRow) => {
  const values = row.values ?? {};
  // A contact's link names the company whose login it makes.
  const parts = row.profile_id ? [values.first_name, values.last_name] : [values.name];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
};

/** GET /api/public/invitation/{token}: whom the link is for, while it may be accepted. */
export async function invitationInfo(db: Database, token: string, now: Date): Promise<InvitationInfo> {
  const row = await presented(db, token, now);
  return {
    kind: row.profile_id ? 'profile' : row.contact_id ? 'contact' : 'company',
    email: row.email,
    name: nameOf(row),
    language: languageOf(row.language),
    expiresAt: row.expires_at,
  };
}

/**
 * POST /api/public/invitation/{token}: the account is made (registration finished, the address
 * validated by the link), the record becomes its own, the terms are recorded as accepted, and the
 * person is signed in. Of parallel acceptances exactly one wins; the others get invitation.used.
 */
export async function acceptInvitation(
  auth: AuthServices,
  legalDir: string | undefined,
  token: string,
  input: InvitationAccept,
): Promise<TokenPair> {
  const { db } = auth;
  const now = new Date(auth.now());
  const first = await presented(db, token, now);
  assertPasswordAllowed(input.password, first.email);
  if (await findUserByEmail(db, first.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const versions = currentLegalVersions(legalDir);
  const accepted = LEGAL_TEXTS.filter(
    (name) => input.accepted.includes(name) || (REQUIRED_ACCEPTANCES as readonly string[]).includes(name),
  );
  const user = await db.transaction(async (tx) => {
    const row = await presented(tx, token, now, true);
    const kind: Kind = row.profile_id ? 'profile' : row.company_id ? 'company' : 'contact';
    const recordId = (row.profile_id ?? row.company_id ?? row.contact_id) as string;
    const [created] = await tx
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: row.email,
        passwordHash,
        userType: kind === 'profile' ? (row.type ?? 'luna') : 'company',
        language: input.language,
        registrationStep: 0,
        mfaStatus: 'disabled',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw emailTaken();
    await tx.update(invitations).set({ usedAt: now }).where(eq(invitations.id, row.id));
    const [taken] = await queryRows(
      tx,
      sql`update ${targetTable(kind)} set user_id = ${created.id} where id = ${recordId} and user_id is null
          returning id`,
      IdRow,
    );
    if (!taken) throw invitationUsed();
    await tx
      .insert(legalAcceptances)
      .values(
        accepted.map((text) => ({ userId: created.id, text, version: versions[text], acceptedAt: now })),
      );
    if (kind === 'contact') {
      const [contact] = await tx
        .select({ companyId: companyContacts.companyId, name: companyContacts.name })
        .from(companyContacts)
        .where(eq(companyContacts.id, recordId));
      if (contact)
        await recordAction(
          tx,
          { userId: created.id },
          { kind: 'company', id: contact.companyId },
          'contact.invitation_accepted',
          { contact: contact.name },
        );
    } else
      await recordAction(tx, { userId: created.id }, { kind, id: recordId }, `${kind}.invitation_accepted`, {
        email: created.email,
      });
    return created;
  });
  return issueTokenPair(auth, user);
}
