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

/** The job page's views (issue 42 major 4): the ranked results, or the job's pipeline board. */
export const JOB_VIEWS = ['results', 'pipeline'] as const;
export type JobView = (typeof JOB_VIEWS)[number];

/**
 * The job page's URL: the results' state, which view is shown (`view=pipeline`: the board, in its own
 * tab rather than below the results), and the pipeline entry to scroll to and focus (`entry`, a
 * follow-up's link). Neither of the two is the results' query.
 */
export const JobPageSearchSchema = v.object({
  ...ResultsSearchSchema.entries,
  view: v.fallback(v.optional(v.picklist(JOB_VIEWS)), undefined),
  entry: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});
export type JobPageSearch = v.InferOutput<typeof JobPageSearchSchema>;

/**
 * The company's page of one job (`/clientCandidates/{job}`): `card`, a candidate's reference number
 * (`MW-…`), names the card the mail's link points to (issue 42): that card is scrolled to and focused.
 * The reference rather than the entry's uuid: the mail is written before the entry exists. Here, with
 * the other pages' search schemas, not in submissions.ts: the router's chunk would take that file whole.
 */
export const SubmissionsSearchSchema = v.object({
  card: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^MW-[0-9A-Z]{6}$/))), undefined),
});
export type SubmissionsSearch = v.InferOutput<typeof SubmissionsSearchSchema>;

/** Rows per page of the job tables. */
export const JOB_PAGE_SIZE = 20;
