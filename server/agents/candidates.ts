import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type AgentProfileDetail, type CandidateBlock, isSeniorAgentType } from '../../contract/agent';
import { type CardKind, cardAccess } from '../../contract/cards';
import type { Catalog } from '../../contract/catalog';
import { CONTACT_EMAIL_KEY } from '../../contract/people';
import type { ProfileResponse } from '../../contract/profile';
import type { Caller } from '../auth/caller';
import { candidateCardPdf } from '../cards/candidate-card';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { bool, int, num, record, text, textOrNull, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import type { PhotoStorage } from '../profiles/photo-storage';
import { photoUrl } from '../profiles/photos';
import { fieldsFor, toResponse } from '../profiles/profiles';
import { profileNotFound } from './access';
import { accessLogOf, recordAccess, recordAction } from './audit';
import { latestInvitation } from './invitations';
import { agentRef } from './team';

/**
 * A candidate as the agent workspace reads them (issue 12): the whole profile with account facts,
 * ranking jobs and history, and the printed card. Every read is logged (audit.ts).
 */

/** A candidate's profile row as CANDIDATE_COLUMNS reads it. */
export const CandidateRow = v.object({
  id: uuid,
  user_id: uuidOrNull,
  type: text,
  status: text,
  values: record,
  version: int,
  assigned_agent_id: uuidOrNull,
  /** Where an invitation goes while there is no account (issue 20). */
  contact_email: textOrNull,
  blocked_at: timeOrNull,
  blocked_reason: textOrNull,
  /** blocked_at is set: what the profile's answer calls pausedByAgency (selected as profiles.ts does). */
  paused_by_agency: bool,
});
export type CandidateRow = v.InferOutput<typeof CandidateRow>;

/** The columns of a CandidateRow (profiles), for a select or a `returning`. */
export const CANDIDATE_COLUMNS = sql`id, user_id, type, status, "values", version, assigned_agent_id, contact_email,
  blocked_at, blocked_reason, blocked_at is not null as paused_by_agency`;

/** The agency's block of a candidate as agents read it, or null. */
export function blockOf(row: Pick<CandidateRow, 'blocked_at' | 'blocked_reason'>): CandidateBlock | null {
  return row.blocked_at === null ? null : { at: row.blocked_at, reason: row.blocked_reason ?? '' };
}

/** The candidate's profile row (locked for update when `lock`) by a checked uuid; 404 for none. */
export async function candidateRow(db: Database, id: string, lock = false): Promise<CandidateRow> {
  const [row] = await queryRows(
    db,
    sql`select ${CANDIDATE_COLUMNS} from profiles where id = ${id} ${lock ? sql`for update` : sql``}`,
    CandidateRow,
  );
  if (!row) throw profileNotFound();
  return row;
}

function profileResponse(catalog: Catalog, row: CandidateRow, image: string | null): ProfileResponse {
  const response = toResponse('candidate', row, fieldsFor(catalog, 'candidate', row.type), row.type, image);
  // The agents' form shows a contact e-mail while there is no account (contract/people.ts).
  if (!row.user_id && row.contact_email) response.values[CONTACT_EMAIL_KEY] = row.contact_email;
  return response;
}

const AccountRow = v.object({
  email: text,
  language: text,
  created_at: time,
  registration_step: int,
  mfa_status: text,
  last_login_at: timeOrNull,
  photo_id: uuidOrNull,
});
const RankRow = v.object({ id: uuid, title: textOrNull, rank: int, score: num });
/** An agent's event on the candidate's timeline. */
const HistoryRow = v.object({ at: time, agent: text, action: text, details: record });

/** GET /api/agent/profile/{uuid}: the whole candidate, logged as read. */
export async function readCandidate(
  db: Database,
  catalog: Catalog,
  caller: Caller,
  id: string,
  now: Date = new Date(),
): Promise<AgentProfileDetail> {
  const row = await candidateRow(db, id);
  const [account] = row.user_id
    ? await queryRows(
        db,
        sql`select u.email, u.language, u.created_at, u.registration_step, u.mfa_status, u.last_login_at,
              ph.id as photo_id
            from users u left join photos ph on ph.user_id = u.id where u.id = ${row.user_id}`,
        AccountRow,
      )
    : [];
  const [jobs, history, assignedAgent, invitation] = await Promise.all([
    queryRows(
      db,
      sql`select j.id, j."values" ->> 'title' as title, r.rank, r.score
          from job_results r join jobs j on j.id = r.job_id
          where r.profile_id = ${row.id} and j.status = 'active'
            and r.run_id = (select id from job_runs where job_id = j.id and state = 'done'
                            order by finished_at desc, id desc limit 1)
          order by r.rank, j.id limit 100`,
      RankRow,
    ),
    queryRows(
      db,
      sql`select at, author_email as agent, action, details from timeline_entries
          where profile_id = ${row.id} and kind = 'event' and author_email is not null
          order by at desc, created_at desc, id desc limit 100`,
      HistoryRow,
    ),
    agentRef(db, row.assigned_agent_id),
    latestInvitation(db, 'profile', row.id, now),
  ]);
  await recordAccess(db, caller, row.id, 'profile');
  const image = account?.photo_id ? photoUrl(account.photo_id) : null;
  return {
    profile: profileResponse(catalog, row, image),
    photo_image: image,
    account: account
      ? {
          email: account.email,
          language: account.language,
          registeredAt: account.created_at,
          emailValidated: account.registration_step !== 1,
          registrationFinished: account.registration_step === 0,
          twoFactor: account.mfa_status === 'enabled',
          lastLoginAt: account.last_login_at,
        }
      : null,
    assignedAgent,
    block: blockOf(row),
    jobs: jobs.map((j) => ({ uuid: j.id, title: j.title ?? '', rank: j.rank, score: j.score })),
    history,
    accessLog: isSeniorAgentType(caller.userType) ? await accessLogOf(db, row.id) : null,
    invitation,
  };
}

/**
 * GET /api/agent/card/{uuid}/{format}: the card in the agent's language, logged as read. `anonymised`
 * is the card a client gets (server/cards/candidate-card.ts): reference number and the agency's
 * contact instead of name, photo, birth date and the person's contact data.
 */
export async function candidateCard(
  db: Database,
  storage: PhotoStorage,
  catalog: Catalog,
  agency: AgencyConfig,
  caller: Caller,
  id: string,
  card: CardKind,
): Promise<Buffer> {
  const row = await candidateRow(db, id);
  const pdf = await candidateCardPdf(db, storage, catalog, agency, row, card, caller.language);
  await recordAccess(db, caller, row.id, cardAccess(card));
  // The access log says who read the data; the timeline, that a card left the system.
  await recordAction(db, caller, { kind: 'profile', id: row.id }, 'card.downloaded', { format: card });
  return pdf;
}
