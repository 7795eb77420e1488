import * as v from 'valibot';
import type { FieldDefinition } from './catalog';
import type { BuildOptions } from './catalog-schema';
import { buildValuesSchema } from './catalog-schema';
import { ClientFieldSchema, ClientRefSchema } from './client';
import { versionConflictSchema } from './errors';
import { FieldError, fieldErrors, strictObject } from './field-errors';
import {
  JOB_AGENT_FILTERS,
  JOB_LIST_SORTS,
  JOB_ORIGINS,
  JOB_STATUSES,
  RESULT_SORTS,
  YES_FILTER,
} from './list-filters';
import { MAX_INT32 } from './profile';
import { queryInt } from './query';
import { CANDIDATE_TYPES } from './user-types';

export { JOB_LIST_SORTS, JOB_ORIGINS, JOB_STATUSES, RESULT_SORTS };

/**
 * Matching jobs, their runs and results (PRODUCT.md §5, "Jobs, runs and results"). All calls need a
 * bearer token. Agents may do everything; a company files requests and reads its own; candidates none.
 *
 * PUT    /api/job                                  JobInputSchema → 201 JobSchema
 * GET    /api/job/{uuid}                           → JobSchema (a company: its own requests only)
 * POST   /api/job/{uuid}                           JobUpdateSchema → JobSchema; 409 job.version_conflict
 *                                                  (body holds `current`), 409 job.archived
 * DELETE /api/job/{uuid}                           → 204; runs, results and shortlist go with it
 * POST   /api/job/changestatus/{uuid}              JobStatusBodySchema → JobSchema (archiving cancels a run)
 * GET    /api/jobs/list                            JobListQuerySchema → JobListResponseSchema
 * POST   /api/job/{uuid}/take                     → JobSchema (agents): the caller works on it; 409 job.taken
 * POST   /api/job/{uuid}/run                       → 202 { run } (the queued or running one if any); 409 job.archived
 * GET    /api/job/{uuid}/run                       → { run } the latest run; 404 run.not_found
 * GET    /api/job/{uuid}/run/events                Server-Sent Events `run` (RunSchema) until the run ends
 * GET    /api/job/showresults/{uuid}               ResultsQuerySchema → ResultsResponseSchema, or CSV
 * GET    /api/job/showresultsdetail/{job}/{profile} ResultsQuerySchema (order) → ResultDetailSchema
 * POST   /api/job/preview                          PreviewRequestSchema → PreviewResponseSchema
 * GET    /api/job/{uuid}/near-misses               → NearMissesResponseSchema
 * PUT    /api/job/{uuid}/shortlist/{profileUuid}   → 200 { shortlisted: true }; DELETE → 204
 */

export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobOrigin = (typeof JOB_ORIGINS)[number];
export const RUN_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];
/** A run in one of these states is the job's one run in flight. */
export const ACTIVE_RUN_STATES = ['queued', 'running'] as const satisfies readonly RunState[];
export const FINAL_RUN_STATES = ['done', 'failed', 'cancelled'] as const satisfies readonly RunState[];
/** The histogram of included scores: 20 bins of 5 points (the last one holds 95–100). */
export const HISTOGRAM_BINS = 20;
export const MAX_PAGE_SIZE = 100;

/** Error codes of the job calls, in `code` or under `fields`; the client translates each. */
export const JOB_ERROR_CODES = [
  'job.not_found',
  'job.version_conflict',
  'job.archived',
  /** The job's client got candidates still in play; confirm the change (JobUpdate.confirmClientChange). */
  'job.client_has_submissions',
  'run.not_found',
  'result.not_found',
  'profile.not_found',
  /** A company sent a weight or a must flag: those are the agent's to set. */
  'criterion.agent_only',
  'status.invalid',
  'version.required',
  'query.invalid',
  /**
   * Caps per caller (PRODUCT.md §8), answered 429 with Retry-After: job requests per company per
   * day (20), runs queued per agent (10), open progress streams per user (10), previews per agent
   * per second (20).
   */
  'cap.job_requests',
  'cap.runs_queued',
  'cap.streams',
  'cap.previews',
] as const;
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

export const VersionSchema = v.pipe(
  v.number('version.required'),
  v.integer('version.required'),
  v.minValue(0, 'version.required'),
  // The column is a PostgreSQL integer: a larger number is no version we ever answered.
  v.maxValue(MAX_INT32, FieldError.tooLarge),
);

/** The outer shape of a job body; `parseJobInput` checks its contents against the job catalogue. */
export const JobInputSchema = strictObject({
  values: v.record(v.string(), v.unknown(), FieldError.invalidType),
  criteria: v.optional(v.array(v.unknown(), FieldError.invalidType), () => []),
  /**
   * The client: a company's uuid (PRODUCT.md §10), null or left out for an internal search. Agents
   * only: a company's request is always for the company itself (a company naming one: 400
   * client.agent_only); an unknown company is 400 client.not_found.
   */
  client: ClientFieldSchema,
});
export type JobInput = v.InferInput<typeof JobInputSchema>;

export const JobUpdateSchema = strictObject(
  {
    ...JobInputSchema.entries,
    version: VersionSchema,
    /**
     * Change the client although candidates sent to the current one are still in play: they stay
     * with that company (issue 41). Without it such a change answers 409 job.client_has_submissions.
     */
    confirmClientChange: v.optional(v.boolean(FieldError.invalidType)),
  },
  'version.required',
  'version.required',
);
export type JobUpdate = v.InferInput<typeof JobUpdateSchema>;

export const JobStatusBodySchema = strictObject({ status: v.picklist(JOB_STATUSES, 'status.invalid') });

/** A criterion as stored: its value, weight 0–5 and must flag. */
export interface JobCriterion {
  key: string;
  value: unknown;
  weight: number;
  must: boolean;
}

export interface ParsedJob {
  values: Record<string, unknown>;
  criteria: JobCriterion[];
}

export type ParseJobResult =
  | { success: true; output: ParsedJob }
  | { success: false; fields: Record<string, string[]> };

/** The weight a company's criteria get: neutral, until an agent sets the real ones. */
export const COMPANY_CRITERION_WEIGHT = 1;

/**
 * Checks a job's values and criteria with the catalogue builder (one field code per field, criteria
 * as `criteria.<key>`). `asCompany`: the criteria carry no weight and no must flag — a company that
 * sends either is refused with `criterion.agent_only` (refused, not dropped: a silently ignored
 * weight would let the company believe it set one); they are stored with weight 1 and must false.
 */
export function parseJobInput(
  jobFields: FieldDefinition[],
  input: { values: Record<string, unknown>; criteria: unknown[] },
  options: BuildOptions & { asCompany?: boolean } = {},
): ParseJobResult {
  const fields: Record<string, string[]> = Object.create(null);
  if ('criteria' in input.values) fields.criteria = [FieldError.unknown];
  let criteria = input.criteria;
  if (options.asCompany) {
    criteria = input.criteria.map((item, index) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
      const { weight, must, ...rest } = item as Record<string, unknown>;
      if (weight !== undefined || must !== undefined) {
        const key = typeof rest.key === 'string' && /^[a-z][a-z0-9_]*$/.test(rest.key) ? rest.key : index;
        fields[`criteria.${key}`] = ['criterion.agent_only'];
      }
      return { ...rest, weight: COMPANY_CRITERION_WEIGHT, must: false };
    });
  }
  const { criteria: _ignored, ...values } = input.values;
  const schema = buildValuesSchema('job', jobFields, options);
  const parsed = v.safeParse(schema, { ...values, criteria });
  if (!parsed.success) {
    for (const [key, codes] of Object.entries(fieldErrors(parsed.issues))) {
      fields[key] = [...new Set([...(fields[key] ?? []), ...codes])];
    }
  }
  if (Object.keys(fields).length > 0 || !parsed.success) return { success: false, fields };
  const { criteria: checked, ...output } = parsed.output;
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(output))
    if (value !== null && value !== undefined) stored[key] = value;
  return { success: true, output: { values: stored, criteria: (checked ?? []) as JobCriterion[] } };
}

const CriterionOutSchema = v.object({
  key: v.string(),
  value: v.unknown(),
  /** Absent in a company's view of its own request. */
  weight: v.optional(v.number()),
  must: v.optional(v.boolean()),
});

export const RunSchema = v.object({
  uuid: v.string(),
  jobUuid: v.string(),
  state: v.picklist(RUN_STATES),
  /** 0–100 %. */
  progress: v.number(),
  createdAt: v.string(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
  /** Active profiles of the target types (null until done). */
  considered: v.nullable(v.number()),
  /** Of those, the ones no must-have excluded. */
  included: v.nullable(v.number()),
  excluded: v.nullable(v.number()),
  bestScore: v.nullable(v.number()),
  /** How many included scores fall in each 5-point bin (20 bins). */
  histogram: v.nullable(v.array(v.number())),
  /** Per must-have criterion key: how many profiles of the target types it excludes. */
  excludedBy: v.nullable(v.record(v.string(), v.number())),
  error: v.nullable(v.string()),
});
export type Run = v.InferOutput<typeof RunSchema>;

/** What a job list item and a company see of the last run: no counts or scores for a company. */
export const LastRunSchema = v.object({
  state: v.picklist(RUN_STATES),
  progress: v.number(),
  finishedAt: v.nullable(v.string()),
  included: v.nullable(v.number()),
  bestScore: v.nullable(v.number()),
});
export type LastRun = v.InferOutput<typeof LastRunSchema>;

export const JobSchema = v.object({
  uuid: v.string(),
  origin: v.picklist(JOB_ORIGINS),
  status: v.picklist(JOB_STATUSES),
  /** The job catalogue's non-criterion values (title, company, target_types, …). */
  values: v.record(v.string(), v.unknown()),
  criteria: v.array(CriterionOutSchema),
  /** The company account that filed a request (origin company), with its company name. */
  company: v.nullable(v.object({ uuid: v.string(), name: v.nullable(v.string()) })),
  /** The client the job is for, a company of the companies table; null: an internal search. */
  client: v.nullable(ClientRefSchema),
  /** The free-text company a job named before clients were chosen, where no company matched it. */
  clientText: v.nullable(v.string()),
  /** The agent working on the job ("Alex Berger is working on it"); null: waiting for an agent. */
  assignedAgent: v.nullable(v.object({ uuid: v.string(), name: v.nullable(v.string()) })),
  version: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
  lastRun: v.nullable(LastRunSchema),
  /**
   * The criteria or target types changed after the latest done run started: its results are stale
   * ("criteria changed since this run — run again"). Always false for a company.
   */
  criteriaChangedSinceRun: v.boolean(),
  /** The job list's rows for agents: the count of pipeline entries per stage (contract/pipeline.ts). */
  pipeline: v.optional(v.record(v.string(), v.number())),
});
export type Job = v.InferOutput<typeof JobSchema>;

/** 409 of a stale update: the error and the job as it is now. */
export const JobConflictSchema = versionConflictSchema('job.version_conflict', JobSchema);

const ORDERS = ['asc', 'desc'] as const;

export const JobListQuerySchema = v.object({
  status: v.optional(v.picklist(JOB_STATUSES, 'query.invalid'), 'active'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, FieldError.tooLong)), ''),
  origin: v.optional(v.picklist(JOB_ORIGINS, 'query.invalid')),
  /** Agents: me — the caller's jobs (assigned, or created while nobody is); none — nobody's yet. */
  agent: v.optional(v.picklist(JOB_AGENT_FILTERS, 'query.invalid')),
  /** Agents: yes — only jobs whose criteria changed after their latest done run. */
  stale: v.optional(v.picklist(YES_FILTER, 'query.invalid')),
  sort: v.optional(v.picklist(JOB_LIST_SORTS, 'query.invalid'), 'updated'),
  order: v.optional(v.picklist(ORDERS, 'query.invalid'), 'desc'),
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, MAX_PAGE_SIZE, 20),
});
export type JobListQuery = v.InferOutput<typeof JobListQuerySchema>;

export const JobListResponseSchema = v.object({
  items: v.array(JobSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  counts: v.object({ active: v.number(), archived: v.number() }),
});
export type JobListResponse = v.InferOutput<typeof JobListResponseSchema>;

export type ResultSort = (typeof RESULT_SORTS)[number];
export const ResultsQuerySchema = v.object({
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, MAX_PAGE_SIZE, 20),
  sort: v.optional(v.picklist(RESULT_SORTS, 'query.invalid'), 'score'),
  /** Default: score and distance best first (desc / asc), name A–Z. */
  order: v.optional(v.picklist(ORDERS, 'query.invalid')),
  minScore: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}(\.[0-9])?$/, 'query.invalid'),
      // The reference's pattern: exactly the scores 0 to 100 the bound below lets through.
      v.metadata({ pattern: '^(?:(?:[0-9]|[1-9][0-9])(?:\\.[0-9])?|100(?:\\.0)?)$' }),
      v.transform(Number),
      v.maxValue(100, 'query.invalid'),
    ),
  ),
  type: v.optional(v.picklist(CANDIDATE_TYPES, 'query.invalid')),
  shortlisted: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'query.invalid'),
      v.transform((x) => x === 'true'),
    ),
  ),
  format: v.optional(v.picklist(['json', 'csv'], 'query.invalid'), 'json'),
});
export type ResultsQuery = v.InferOutput<typeof ResultsQuerySchema>;

/** One criterion's outcome as a result stores it (BreakdownItem of contract/matching). */
const BreakdownItemSchema = v.object({
  key: v.string(),
  weight: v.number(),
  must: v.boolean(),
  s: v.number(),
  contribution: v.number(),
  reason: v.string(),
  params: v.record(v.string(), v.unknown()),
});

export const ResultItemSchema = v.object({
  uuid: v.string(),
  rank: v.number(),
  score: v.number(),
  type: v.string(),
  name: v.string(),
  city: v.nullable(v.string()),
  /** Distance to the job's location (null without a location criterion or a city). */
  distanceKm: v.nullable(v.number()),
  thumbnail: v.nullable(v.string()),
  /** The three criteria that contributed most, strongest first. */
  reasons: v.array(BreakdownItemSchema),
  shortlisted: v.boolean(),
  /** The profile was edited (or left matching) since the run scored it. */
  changedSinceRun: v.boolean(),
  /** The candidate consented to be presented by name: the full card may go to a client (results pages). */
  presentedByName: v.optional(v.boolean()),
});
export type ResultItem = v.InferOutput<typeof ResultItemSchema>;

export const ResultsResponseSchema = v.object({
  items: v.array(ResultItemSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  /** The done run the results come from (null before the first one); runs in flight do not replace it. */
  run: v.nullable(RunSchema),
});
export type ResultsResponse = v.InferOutput<typeof ResultsResponseSchema>;

export const ResultDetailSchema = v.object({
  jobUuid: v.string(),
  profile: v.object({
    uuid: v.string(),
    type: v.string(),
    name: v.string(),
    city: v.nullable(v.string()),
    photo: v.nullable(v.string()),
    values: v.record(v.string(), v.unknown()),
    /** The candidate consented to be presented by name (the send dialog offers the full card). */
    presentedByName: v.boolean(),
  }),
  /** The job's client company (null: an internal search, nothing to send to). */
  client: v.nullable(v.string()),
  rank: v.number(),
  score: v.number(),
  breakdown: v.array(BreakdownItemSchema),
  shortlisted: v.boolean(),
  changedSinceRun: v.boolean(),
  /** The neighbours in the order and filters of the query (as on the results page). */
  previous: v.nullable(v.string()),
  next: v.nullable(v.string()),
  run: RunSchema,
});
export type ResultDetail = v.InferOutput<typeof ResultDetailSchema>;

export const PreviewRequestSchema = strictObject(
  {
    targetTypes: v.pipe(
      v.array(v.picklist(CANDIDATE_TYPES, FieldError.optionUnknown), FieldError.invalidType),
      v.minLength(1, FieldError.required),
      v.check((xs) => new Set(xs).size === xs.length, FieldError.duplicate),
      v.metadata({ uniqueItems: true }),
    ),
    criteria: v.array(v.unknown(), FieldError.invalidType),
  },
  FieldError.required,
  FieldError.required,
);
export type PreviewRequest = v.InferInput<typeof PreviewRequestSchema>;

export const PreviewResponseSchema = v.object({
  considered: v.number(),
  included: v.number(),
  excludedBy: v.record(v.string(), v.number()),
  histogram: v.array(v.number()),
  /** The best five scores, best first. */
  best: v.array(v.number()),
});
export type PreviewResponse = v.InferOutput<typeof PreviewResponseSchema>;

export const NearMissSchema = v.object({
  uuid: v.string(),
  type: v.string(),
  name: v.string(),
  city: v.nullable(v.string()),
  thumbnail: v.nullable(v.string()),
  /** The score the profile would have had without the must-have it misses. */
  score: v.number(),
  /** The one must-have it misses, with its outcome. */
  missed: BreakdownItemSchema,
});
export const NearMissesResponseSchema = v.object({ items: v.array(NearMissSchema) });
export type NearMissesResponse = v.InferOutput<typeof NearMissesResponseSchema>;

export const ShortlistResponseSchema = v.object({ shortlisted: v.literal(true) });
