// The values of the list filters and sorts that also make up page addresses (the SPA's
// validateSearch). Here, without schemas, so the router's search validation does not pull the whole
// job and agent contracts into the landing page's JavaScript; job.ts and agent.ts re-export them.

export const JOB_STATUSES = ['active', 'archived'] as const;
export const JOB_ORIGINS = ['agent', 'company'] as const;
export const JOB_LIST_SORTS = ['updated', 'created', 'title', 'best_score'] as const;
export const RESULT_SORTS = ['score', 'name', 'distance'] as const;
export const PROFILE_LIST_SORTS = ['name', 'created', 'updated', 'completeness'] as const;
export const ASSIGNED_FILTERS = ['me', 'none', 'any'] as const;
export const REGISTRATION_FILTERS = ['finished', 'unfinished'] as const;
/** created=week: created in the last 7 days (the dashboard's "new this week"). */
export const CREATED_FILTERS = ['week'] as const;
