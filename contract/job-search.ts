import * as v from 'valibot';
import * as filters from './list-filters';
import { CANDIDATE_TYPES } from './user-types';

// The URL state of the job tables (validateSearch): a filtered, sorted page is a link to share. A value
// that does not fit falls back to the default instead of failing the page.

const page = v.fallback(
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1),
  1,
);
const order = v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined);

export const JobListSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(filters.JOB_STATUSES), 'active'), 'active'),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  origin: v.fallback(v.optional(v.picklist(filters.JOB_ORIGINS)), undefined),
  agent: v.fallback(v.optional(v.picklist(filters.JOB_AGENT_FILTERS)), undefined),
  stale: v.fallback(v.optional(v.picklist(filters.YES_FILTER)), undefined),
  sort: v.fallback(v.optional(v.picklist(filters.JOB_LIST_SORTS), 'updated'), 'updated'),
  order,
  page,
});
export type JobListSearch = v.InferOutput<typeof JobListSearchSchema>;

export const ResultsSearchSchema = v.object({
  sort: v.fallback(v.optional(v.picklist(filters.RESULT_SORTS), 'score'), 'score'),
  order,
  minScore: v.fallback(v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))), undefined),
  type: v.fallback(v.optional(v.picklist(CANDIDATE_TYPES)), undefined),
  shortlisted: v.fallback(v.optional(v.boolean()), undefined),
  page,
});
export type ResultsSearch = v.InferOutput<typeof ResultsSearchSchema>;

/** Rows per page of the job tables. */
export const JOB_PAGE_SIZE = 20;
