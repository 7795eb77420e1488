import * as v from 'valibot';
import * as filters from './list-filters';

// The URL state of the stellas / lunas / novas tables (validateSearch): a filtered, sorted page is a
// link to share. A value that does not fit falls back to the default instead of failing the page.

export const CandidateListSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  status: v.fallback(v.optional(v.picklist(['active', 'inactive'])), undefined),
  assigned: v.fallback(v.optional(v.picklist(filters.ASSIGNED_FILTERS), 'any'), 'any'),
  registration: v.fallback(v.optional(v.picklist(filters.REGISTRATION_FILTERS)), undefined),
  created: v.fallback(v.optional(v.picklist(filters.CREATED_FILTERS)), undefined),
  vet: v.fallback(v.optional(v.picklist(filters.VET_FILTERS)), undefined),
  sort: v.fallback(v.optional(v.picklist(filters.PROFILE_LIST_SORTS), 'updated'), 'updated'),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1), 1),
});
export type CandidateListSearch = v.InferOutput<typeof CandidateListSearchSchema>;

/** Rows per page of the candidate tables. */
export const CANDIDATE_PAGE_SIZE = 20;

/** The direction a table is sorted in when the URL names none (the server's default: names A–Z, the rest newest or highest first). */
export function effectiveOrder(search: Pick<CandidateListSearch, 'sort' | 'order'>): 'asc' | 'desc' {
  return search.order ?? (search.sort === 'name' ? 'asc' : 'desc');
}
