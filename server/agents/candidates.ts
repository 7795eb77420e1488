import { sql } from 'drizzle-orm';
import { type AgentProfileDetail, type CardFormat, isSeniorAgentType } from '../../contract/agent';
import { type Catalog, fieldIsFor } from '../../contract/catalog';
import { candidateCompleteness } from '../../contract/completeness';
import type { ProfileResponse } from '../../contract/profile';
import type { Language } from '../../contract/user-types';
import { renderProfileCard } from '../cards/profile-card';
import { type Database, isoOrNull, queryRows } from '../db/client';
import type { Caller } from '../jobs/access';
import type { PhotoStorage } from '../profiles/photo-storage';
import { ownPhoto, photoUrl } from '../profiles/photos';
import { checkUuid, profileNotFound } from './access';
import { accessLogOf, recordAccess } from './audit';
import { agentRef } from './team';

/**
 * A candidate as the agent workspace reads them (issue 12): the whole profile with account facts,
 * ranking jobs and history, and the printed card. Every read is logged (audit.ts).
 */

export interface CandidateRow {
  id: string;
  user_id: string | null;
  type: string;
  status: string;
  values: Record<string, unknown>;
  version: number;
  assigned_agent_id: string | null;
}

/** The candidate's profile row (locked for update when `lock`); 400 for a bad id, 404 for none. */
export async function candidateRow(db: Database, id: string, lock = false): Promise<CandidateRow> {
  const [row] = await queryRows<CandidateRow>(
    db,
    sql`select id, user_id, type, status, "values", version, assigned_agent_id from profiles
        where id = ${checkUuid(id)} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw profileNotFound();
  return row;
}

function profileResponse(catalog: Catalog, row: CandidateRow, image: string | null): ProfileResponse {
  const fields = catalog.profile.filter((f) => fieldIsFor(f, row.type));
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row.values[field.key];
    if (value !== undefined && value !== null) values[field.key] = value;
  }
  return {
    uuid: row.id,
    type: row.type,
    values,
    image,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    ...candidateCompleteness(values),
    version: row.version,
  };
}

/** GET /api/agent/profile/{uuid}: the whole candidate, logged as read. */
export async function readCandidate(
  db: Database,
  catalog: Catalog,
  caller: Caller,
  id: string,
): Promise<AgentProfileDetail> {
  const row = await candidateRow(db, id);
  const [account] = row.user_id
    ? await queryRows<{
        email: string;
        language: string;
        created_at: string | Date;
        registration_step: number;
        mfa_status: string;
        last_login_at: string | Date | null;
        photo_id: string | null;
      }>(
        db,
        sql`select u.email, u.language, u.created_at, u.registration_step, u.mfa_status, u.last_login_at,
              ph.id as photo_id
            from users u left join photos ph on ph.user_id = u.id where u.id = ${row.user_id}`,
      )
    : [];
  const [jobs, history, assignedAgent] = await Promise.all([
    queryRows<{ id: string; title: string | null; rank: number; score: number }>(
      db,
      sql`select j.id, j."values" ->> 'title' as title, r.rank, r.score
          from job_results r join jobs j on j.id = r.job_id
          where r.profile_id = ${row.id} and j.status = 'active'
            and r.run_id = (select id from job_runs where job_id = j.id and state = 'done'
                            order by finished_at desc, id desc limit 1)
          order by r.rank, j.id limit 100`,
    ),
    queryRows<{ at: string | Date; agent: string; action: string; details: Record<string, unknown> }>(
      db,
      sql`select at, agent_email as agent, action, details from agent_actions
          where target_id = ${row.id} order by at desc, id desc limit 100`,
    ),
    agentRef(db, row.assigned_agent_id),
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
          registeredAt: new Date(account.created_at).toISOString(),
          emailValidated: account.registration_step !== 1,
          registrationFinished: account.registration_step === 0,
          twoFactor: account.mfa_status === 'enabled',
          lastLoginAt: isoOrNull(account.last_login_at),
        }
      : null,
    assignedAgent,
    jobs: jobs.map((j) => ({ uuid: j.id, title: j.title ?? '', rank: j.rank, score: j.score })),
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      agent: h.agent,
      action: h.action,
      details: h.details,
    })),
    accessLog: isSeniorAgentType(caller.userType) ? await accessLogOf(db, row.id) : null,
  };
}

const ANONYMOUS_NAME: Record<Language, string> = { de: 'Kandidatin / Kandidat', en: 'Candidate' };

/**
 * GET /api/agent/card/{uuid}/{format}: the card in the agent's language, logged as read. `anonymous`
 * leaves out the name, the photo and the birth date, and of the city only its name is printed (the
 * card never holds contact data or a street).
 */
export async function candidateCard(
  db: Database,
  storage: PhotoStorage,
  catalog: Catalog,
  caller: Caller,
  id: string,
  format: CardFormat,
): Promise<Buffer> {
  const row = await candidateRow(db, id);
  const fields = catalog.profile.filter((f) => fieldIsFor(f, row.type));
  let values = row.values;
  let photo: Buffer | null = null;
  if (format === 'anonymous') {
    const { first_name: _f, last_name: _l, birth_date: _b, about: _a, ...rest } = row.values;
    const city = rest.city as { name?: unknown } | undefined;
    values = {
      ...rest,
      first_name: ANONYMOUS_NAME[caller.language],
      ...(city && typeof city.name === 'string' ? { city: { name: city.name } } : {}),
    };
  } else if (row.user_id) {
    photo = await ownPhoto(db, storage, row.user_id);
  }
  const pdf = await renderProfileCard({ values, fields, language: caller.language, photo });
  await recordAccess(db, caller, row.id, format === 'pdf' ? 'card_pdf' : 'card_anonymous');
  return pdf;
}
