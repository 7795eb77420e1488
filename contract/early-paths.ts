// The calls a signed-in page makes first, which the boot script starts before the app has loaded
// (src/api/early-calls.ts) and which a batch may hold (./batch-paths.ts). Each is a GET route of the
// route table (contract/endpoints/; server/http/early-paths.test.ts checks it), written here as a
// plain path because the boot script must stay tiny: no imports, no valibot.

/** The early calls' paths, parameters as `{name}` (each a record's uuid). */
export const EARLY_PATHS = {
  keys: '/api/public/jwk',
  session: '/api/session',
  profileFields: '/api/profile/data',
  jobFields: '/api/job/data',
  companyFields: '/api/company/data',
  ownProfile: '/api/profile',
  ownCompany: '/api/company',
  ownAgent: '/api/agent',
  consents: '/api/user/consents',
  dashboard: '/api/agent/dashboard',
  attention: '/api/agent/attention',
  followUps: '/api/pipeline/follow-ups',
  candidates: '/api/profile/list',
  results: '/api/job/showresults/{id}',
  job: '/api/job/{uuid}',
  nearMisses: '/api/job/{uuid}/near-misses',
  board: '/api/job/{uuid}/pipeline',
  run: '/api/job/{uuid}/run',
  jobTimeline: '/api/agent/timeline/job/{uuid}',
  clientJobs: '/api/client/jobs',
  jobs: '/api/jobs/list',
} as const;

export type EarlyPath = (typeof EARLY_PATHS)[keyof typeof EARLY_PATHS];

/** An early path with its parameters and query filled in, as the API client would send it. */
export function earlyPath(
  path: EarlyPath,
  params: Record<string, string> = {},
  query: Record<string, string | number> = {},
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}
