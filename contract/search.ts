import * as v from 'valibot';
import { FieldError } from './field-errors';
import { JOB_STATUSES } from './list-filters';
import { queryInt } from './query';
import { CANDIDATE_TYPES } from './user-types';

/*
 * The agents' global search (issue 20, point 7): GET /api/agent/search?q=…&limit=… finds candidates,
 * companies and jobs at once, each kind by the search of its own table (name, e-mail, city,
 * occupation or skill of a candidate; name, city, website or e-mail of a company; title or company of
 * a job), so the field in the side navigation and the tables never disagree. Agents only (401, 403);
 * a query shorter than SEARCH_MIN_LENGTH characters or longer than 100 answers 400.
 */

/** The search field asks nothing shorter (one letter names a third of every table). */
export const SEARCH_MIN_LENGTH = 2;
/** Hits per kind by default, and at most. */
export const SEARCH_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

export const GlobalSearchQuerySchema = v.object(
  {
    q: v.pipe(
      v.string('query.invalid'),
      v.trim(),
      v.minLength(SEARCH_MIN_LENGTH, 'query.invalid'),
      v.maxLength(100, FieldError.tooLong),
    ),
    limit: queryInt(1, SEARCH_MAX_LIMIT, SEARCH_LIMIT),
    // A missing q is an issue of the object (valibot names the absent key with the object's message).
  },
  'query.invalid',
);
export type GlobalSearchQuery = v.InferOutput<typeof GlobalSearchQuerySchema>;

export const CandidateHitSchema = v.object({
  uuid: v.string(),
  type: v.picklist(CANDIDATE_TYPES),
  name: v.string(),
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
});
export type CandidateHit = v.InferOutput<typeof CandidateHitSchema>;

export const CompanyHitSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
});
export type CompanyHit = v.InferOutput<typeof CompanyHitSchema>;

export const JobHitSchema = v.object({
  uuid: v.string(),
  title: v.string(),
  /** The company the job names (its client), if any. */
  company: v.nullable(v.string()),
  status: v.picklist(JOB_STATUSES),
});
export type JobHit = v.InferOutput<typeof JobHitSchema>;

/**
 * Up to `limit` hits per kind: candidates per type (stellas, lunas, novas; each by name), companies
 * by name, jobs active first, then last changed.
 */
export const GlobalSearchResponseSchema = v.object({
  q: v.string(),
  candidates: v.array(CandidateHitSchema),
  companies: v.array(CompanyHitSchema),
  jobs: v.array(JobHitSchema),
});
export type GlobalSearchResponse = v.InferOutput<typeof GlobalSearchResponseSchema>;
