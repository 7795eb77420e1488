import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import type { FieldDefinition } from '../../contract/catalog';
import { contactEmailField } from '../../contract/people';
import type {
  TimelineField,
  TimelineReference,
  TimelineReferences,
  TimelineSubject,
} from '../../contract/timeline';
import { isCandidateType } from '../../contract/user-type-names';
import { readCatalog } from '../catalog/catalog';
import { type Database, queryRows } from '../db/client';
import { text, textOrNull, uuid, uuidOrNull } from '../db/rows';

/**
 * What a timeline entry names besides its subject, read with the timeline (issue 42): the job, the
 * candidate and the company of an event's `job`, `profile` and `company` ids — a job brings its
 * client — as they are now, and the fields of an edit with their forms' labels. A candidate's client
 * for a job is the company they were submitted to, where they were (docs/decisions/0026), else the
 * job's client now. Events keep ids, not
 * names: a renamed job shows its new title, a deleted record shows as gone (no uuid, no name), and a
 * person whose history was anonymised (server/pipeline/anonymise.ts) shows as a deleted person.
 */

/** The subject and the details of one entry: what its references are read from. */
export interface ReferencedRow {
  details: Record<string, unknown> | null;
}

export interface EntryExtras {
  references: TimelineReferences;
  fields: TimelineField[];
}

const GONE: TimelineReference = { uuid: null, name: null };

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && isUuid(value) ? value.toLowerCase() : null;

const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];

const uuidList = (ids: Set<string>) => `{${[...ids].join(',')}}`;

/** The ids an entry names, leaving out the timeline's own subject. */
function namedIds(subject: TimelineSubject, subjectId: string, details: Record<string, unknown>) {
  const own = (kind: TimelineSubject, id: string | null) =>
    kind === subject && id === subjectId ? null : id;
  return {
    job: own('job', idOf(details.job)),
    profile: own('profile', idOf(details.profile)),
    company: own('company', idOf(details.company)),
    // A job's history of someone since deleted keeps the move, not the person (PRODUCT.md §8).
    anonymised: details.anonymised === true && subject !== 'profile',
    /** The candidate the entry is about, named or the subject: whose submission names the client. */
    candidate: subject === 'profile' ? subjectId : idOf(details.profile),
  };
}

const JobRow = v.object({ id: uuid, title: textOrNull, client_company_id: uuidOrNull });
const ProfileRow = v.object({ id: uuid, type: text, name: text });
const CompanyRow = v.object({ id: uuid, name: textOrNull });
const SubmissionRow = v.object({ job_id: uuid, profile_id: uuid, submitted_company_id: uuid });

/** The labels of a subject's fields as its forms show them: the catalogue's, and the contact e-mail's. */
async function labelsOf(
  db: Database,
  subject: TimelineSubject,
): Promise<Map<string, FieldDefinition['label']>> {
  const catalog = await readCatalog(db);
  const fields: FieldDefinition[] =
    subject === 'job' ? catalog.job : [...catalog[subject], contactEmailField(subject, [])];
  const labels = new Map<string, FieldDefinition['label']>();
  for (const field of fields) if (!labels.has(field.key)) labels.set(field.key, field.label);
  return labels;
}

/** The company each (job, candidate) pair was submitted to, keyed `job:profile`; pairs never sent are absent. */
async function submissionsOf(
  db: Database,
  named: { job: string | null; candidate: string | null }[],
): Promise<Map<string, string>> {
  const pairs = named.filter((n) => n.job && n.candidate);
  if (pairs.length === 0) return new Map();
  const jobIds = new Set(pairs.map((n) => n.job as string));
  const profileIds = new Set(pairs.map((n) => n.candidate as string));
  const rows = await queryRows(
    db,
    sql`select job_id, profile_id, submitted_company_id from pipeline_entries
        where submitted_company_id is not null and job_id = any(${uuidList(jobIds)}::uuid[])
          and profile_id = any(${uuidList(profileIds)}::uuid[])`,
    SubmissionRow,
  );
  return new Map(rows.map((r) => [`${r.job_id}:${r.profile_id}`, r.submitted_company_id]));
}

/** The references and edited fields of each row, in the rows' order; one read per kind of record. */
export async function entryExtras(
  db: Database,
  subject: TimelineSubject,
  subjectId: string,
  rows: ReferencedRow[],
): Promise<EntryExtras[]> {
  const named = rows.map((row) => namedIds(subject, subjectId, row.details ?? {}));
  const jobIds = new Set(named.flatMap((n) => (n.job ? [n.job] : [])));
  const jobs =
    jobIds.size === 0
      ? []
      : await queryRows(
          db,
          sql`select id, "values" ->> 'title' as title, client_company_id from jobs
              where id = any(${uuidList(jobIds)}::uuid[])`,
          JobRow,
        );
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const submittedTo = await submissionsOf(db, named);
  // A job names its client, unless the entry names a company itself or the client is the subject.
  const companyOf = (n: (typeof named)[number]) => {
    if (n.company) return n.company;
    if (!n.job || !jobById.has(n.job)) return null;
    const client =
      (n.candidate ? submittedTo.get(`${n.job}:${n.candidate}`) : undefined) ??
      jobById.get(n.job)?.client_company_id ??
      null;
    return client && !(subject === 'company' && client === subjectId) ? client : null;
  };
  const profileIds = new Set(named.flatMap((n) => (n.profile ? [n.profile] : [])));
  const companyIds = new Set(named.flatMap((n) => (companyOf(n) ? [companyOf(n) as string] : [])));
  const [profiles, companies, labels] = await Promise.all([
    profileIds.size === 0
      ? []
      : queryRows(
          db,
          sql`select id, type, concat_ws(' ', "values" ->> 'first_name', "values" ->> 'last_name') as name
              from profiles where id = any(${uuidList(profileIds)}::uuid[])`,
          ProfileRow,
        ),
    companyIds.size === 0
      ? []
      : queryRows(
          db,
          sql`select id, "values" ->> 'name' as name from companies
              where id = any(${uuidList(companyIds)}::uuid[])`,
          CompanyRow,
        ),
    rows.some((row) => keysOf(row.details?.fields).length > 0) ? labelsOf(db, subject) : null,
  ]);
  const profileById = new Map(profiles.map((p) => [p.id, p]));
  const companyById = new Map(companies.map((c) => [c.id, c]));

  return rows.map((row, index) => {
    const n = named[index] as (typeof named)[number];
    const references: TimelineReferences = {};
    if (n.job) {
      const job = jobById.get(n.job);
      references.job = job ? { uuid: job.id, name: job.title ?? '' } : GONE;
    }
    if (n.profile) {
      const profile = profileById.get(n.profile);
      references.profile =
        profile && isCandidateType(profile.type)
          ? { uuid: profile.id, name: profile.name, type: profile.type }
          : { ...GONE, type: null };
    } else if (n.anonymised) references.profile = { ...GONE, type: null };
    const companyId = companyOf(n);
    if (companyId) {
      const company = companyById.get(companyId);
      references.company = company ? { uuid: company.id, name: company.name ?? '' } : GONE;
    }
    const fields = keysOf(row.details?.fields).map((key) => ({ key, label: labels?.get(key) ?? null }));
    return { references, fields };
  });
}
