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
/** The job list's agent filter: the caller's jobs (me), or nobody's yet (none: a request waiting to be taken). */
export const JOB_AGENT_FILTERS = ['me', 'none'] as const;
/** stale=yes: jobs whose criteria changed after their latest done run. */
export const YES_FILTER = ['yes'] as const;
/** vet=new: self-registered in the last 14 days and looked after by no agent yet (docs/architecture.md, "The agent's attention"). */
export const VET_FILTERS = ['new'] as const;
