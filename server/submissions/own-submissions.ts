import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { PipelineEntry } from '../../contract/pipeline';
import {
  type OwnSubmissionStatus,
  type OwnSubmissions,
  PROFILE_STEPS,
  type ProfileStep,
} from '../../contract/submissions';
import { isCandidateType } from '../../contract/user-types';
import { type Caller, forbidden } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { bool, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { entriesWhere } from '../pipeline/pipeline';

/**
 * GET /api/profile/submissions (contract/submissions.ts): a candidate's own profile — how far it
 * got and where it was sent. Built on the pipeline's entries (`entriesWhere`); only the caller's own
 * profile is ever read (by the token's user), so no id in the request can point at another's.
 */

/** A sent entry's status in the candidate's words: the stage once it moved on, else the company's answer. */
export function ownStatus(entry: PipelineEntry): OwnSubmissionStatus {
  switch (entry.stage) {
    case 'interview':
    case 'offer':
    case 'placed':
    case 'withdrawn':
      return entry.stage;
    case 'rejected':
      return entry.reasonBy === 'client' ? 'not_interested' : 'closed';
    default:
      return entry.client?.answer ?? 'waiting';
  }
}

const ProfileStepsRow = v.object({ id: uuid, visible: bool, matched: bool });
const SentCompanyRow = v.object({ entry: uuid, company_id: uuidOrNull, name: textOrNull });

export async function ownSubmissions(db: Database, caller: Caller): Promise<OwnSubmissions> {
  if (!isCandidateType(caller.userType)) throw forbidden();
  const [profile] = await queryRows(
    db,
    sql`select p.id,
          (u.registration_step = 0 and p.status = 'active' and p.blocked_at is null) as visible,
          exists (select 1 from job_results r join job_runs jr on jr.id = r.run_id and jr.state = 'done'
                  where r.profile_id = p.id) as matched
        from profiles p join users u on u.id = p.user_id where p.user_id = ${caller.userId}`,
    ProfileStepsRow,
  );
  if (!profile) return { reached: ['registered'], companies: 0, items: [] };
  const entries = await entriesWhere(
    db,
    sql`e.profile_id = ${profile.id}`,
    sql`e.submitted_at desc nulls last, e.id`,
  );
  const sent = entries.filter((e) => e.client !== null);
  const companies = await queryRows(
    db,
    sql`select e.id as entry, e.submitted_company_id as company_id, c."values" ->> 'name' as name
        from pipeline_entries e left join companies c on c.id = e.submitted_company_id
        where e.profile_id = ${profile.id} and e.submitted_at is not null`,
    SentCompanyRow,
  );
  const byEntry = new Map(companies.map((c) => [c.entry, c]));
  const items = sent.map((entry) => {
    const client = entry.client!;
    const company = byEntry.get(entry.uuid);
    return {
      sentAt: client.submittedAt,
      card: client.card,
      company: client.card === 'full' ? (company?.name ?? null) : null,
      status: ownStatus(entry),
    };
  });
  const answered = items.some((i) => i.status !== 'waiting');
  const has: Record<ProfileStep, boolean> = {
    registered: true,
    visible: profile.visible,
    matched: profile.matched,
    proposed: entries.length > 0,
    sent: sent.length > 0,
    answered,
  };
  return {
    reached: PROFILE_STEPS.filter((step) => has[step]),
    // Entries sent without a company recorded (moved by hand before issue 41) count once each.
    companies: new Set(sent.map((e) => byEntry.get(e.uuid)?.company_id ?? e.uuid)).size,
    items,
  };
}
