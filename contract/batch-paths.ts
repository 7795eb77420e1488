import { EARLY_PATHS } from './early-paths';

/**
 * The calls a batch may hold (issue 41, finding 2): the signed-in page's first calls the boot script
 * starts (./early-paths.ts), by path without the query, each parameter a uuid; nothing else. A batch
 * that named the API description sixteen times cost the server 0.3 s of its event loop and answered
 * 4.5 MB.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const BATCHABLE_PATHS: readonly RegExp[] = Object.values(EARLY_PATHS).map(
  (path) => new RegExp(`^${path.replace(/\{\w+\}/g, UUID)}$`),
);

/** Whether a resolved path (its pathname, with or without the query) is one a batch may hold. */
export function isBatchable(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return BATCHABLE_PATHS.some((pattern) => pattern.test(pathname));
}
