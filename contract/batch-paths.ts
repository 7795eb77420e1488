/**
 * The calls a batch may hold (issue 41, finding 2): the signed-in page's first calls the boot script
 * starts (src/api/early-calls.ts), by path without the query; nothing else. A batch that named the
 * API description sixteen times cost the server 0.3 s of its event loop and answered 4.5 MB. No
 * imports: the boot script's early calls are checked against this list in their tests.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const BATCHABLE_PATHS: readonly RegExp[] = [
  /^\/api\/public\/jwk$/,
  /^\/api\/session$/,
  /^\/api\/(profile|job|company)\/data$/,
  /^\/api\/(profile|company|agent)$/,
  /^\/api\/agent\/(dashboard|attention)$/,
  /^\/api\/pipeline\/follow-ups$/,
  /^\/api\/profile\/list$/,
  new RegExp(`^/api/job/showresults/${UUID}$`),
  new RegExp(`^/api/job/${UUID}(/near-misses|/pipeline|/run)?$`),
  new RegExp(`^/api/agent/timeline/job/${UUID}$`),
];

/** Whether a resolved path (its pathname, with or without the query) is one a batch may hold. */
export function isBatchable(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return BATCHABLE_PATHS.some((pattern) => pattern.test(pathname));
}
