import * as v from 'valibot';
import * as filters from './list-filters';

// The URL state of the companies table (validateSearch): a value that does not fit falls back to the
// default instead of failing the page, like the job tables (job-search.ts).

export const CompanyListSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  assigned: v.fallback(v.optional(v.picklist(filters.ASSIGNED_FILTERS), 'any'), 'any'),
  open: v.fallback(v.optional(v.picklist(['yes', 'no'])), undefined),
  vet: v.fallback(v.optional(v.picklist(filters.VET_FILTERS)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1), 1),
});
export type CompanyListSearch = v.InferOutput<typeof CompanyListSearchSchema>;

/** Rows per page of the companies table. */
export const COMPANY_PAGE_SIZE = 20;
