import { ACCOUNT } from './endpoints/account';
import { AGENTS, CANDIDATES, COMPANIES } from './endpoints/agents';
import { ATTENTION } from './endpoints/attention';
import { CLIENTS } from './endpoints/clients';
import { JOBS } from './endpoints/jobs';
import { LEGAL } from './endpoints/legal';
import { PIPELINE } from './endpoints/pipeline';
import { CATALOG, PROFILE } from './endpoints/profile';
import { SESSION } from './endpoints/session';
import { CLIENT_ANSWERS, OWN_SUBMISSIONS, SENDING } from './endpoints/submissions';
import { DEV, SYSTEM } from './endpoints/system';
import { TEAM } from './endpoints/team';
import { TIMELINE } from './endpoints/timeline';
import type { ApiRoute } from './route-table';

/**
 * Every route of the table, for the API reference (server/http/openapi.ts) and the check that the
 * server mounts each one (server/http/openapi.db.test.ts). A new table file is listed here.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  TEAM,
  OWN_SUBMISSIONS,
  ATTENTION,
  SENDING,
  CLIENT_ANSWERS,
  CLIENTS,
  PIPELINE,
  PROFILE,
  CATALOG,
  SESSION,
  ACCOUNT,
  LEGAL,
  SYSTEM,
  DEV,
  AGENTS,
  CANDIDATES,
  COMPANIES,
  TIMELINE,
  JOBS,
].flatMap((table): ApiRoute[] => Object.values(table));

/** The table's routes by `METHOD /api/path/{param}`, as the reference keys its operations. */
export const ROUTES_BY_KEY: ReadonlyMap<string, ApiRoute> = new Map(
  API_ROUTES.map((r) => [`${r.method} ${r.path}`, r]),
);
