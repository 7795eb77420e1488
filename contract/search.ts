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

/**
 * Which field of a hit the query matched (issue 42), for "Treffer in: E-Mail": a candidate's name,
 * e-mail, phone, city or skills (skills and occupation, by their labels); a company's name, e-mail,
 * city or website; a job's title or company. A query spread over several fields names the first of
 * name, e-mail, city (website) that holds all its words, else the first that holds one.
 */
export const SEARCH_MATCH_FIELDS = [
  'name',
  'email',
  'phone',
  'city',
  'skills',
  'website',
  'title',
  'company',
] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];
const MatchedSchema = v.picklist(SEARCH_MATCH_FIELDS);

export const CandidateHitSchema = v.object({
  uuid: v.string(),
  type: v.picklist(CANDIDATE_TYPES),
  name: v.string(),
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
  matched: MatchedSchema,
});
export type CandidateHit = v.InferOutput<typeof CandidateHitSchema>;

export const CompanyHitSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
  matched: MatchedSchema,
});
export type CompanyHit = v.InferOutput<typeof CompanyHitSchema>;

export const JobHitSchema = v.object({
  uuid: v.string(),
  title: v.string(),
  /** The company the job names (its client), if any. */
  company: v.nullable(v.string()),
  status: v.picklist(JOB_STATUSES),
  matched: MatchedSchema,
});
export type JobHit = v.InferOutput<typeof JobHitSchema>;

/**
 * Up to `limit` hits per kind, each kind's exact name matches first (the whole name, or a first or
 * last name, is the query), then the names that begin with it, then the other hits (issue 42):
 * within each, candidates per type (stellas, lunas, novas) last changed first, companies by name,
 * jobs active first, then last changed. A job's name is its title.
 */
export const GlobalSearchResponseSchema = v.object({
  q: v.string(),
  candidates: v.array(CandidateHitSchema),
  companies: v.array(CompanyHitSchema),
  jobs: v.array(JobHitSchema),
});
export type GlobalSearchResponse = v.InferOutput<typeof GlobalSearchResponseSchema>;
