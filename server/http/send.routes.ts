import { type Context, Hono } from 'hono';
import { isUuid } from '../../contract/agent';
import { SendRequestSchema } from '../../contract/sending';
import { currentCatalog } from '../agents/search';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { type AfterSent, previewSend, sendToClient } from '../cards/send';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import { jobNotFound } from '../jobs/access';
import type { PhotoStorage } from '../profiles/photo-storage';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface SendRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  agency: AgencyConfig;
  /** Where the mail's links point (the configured public origin). */
  publicOrigin: string;
  now?: () => number;
  /** Where the pipeline moves the sent entries to `submitted` (server/cards/send.ts `AfterSent`). */
  afterSent?: AfterSent;
}

/** Sending candidates' cards to a job's client (contract/sending.ts): agents only. */
export function sendRoutes(deps: SendRoutesDeps) {
  const signedIn = requireUser(deps.tokens);
  const services = {
    db: deps.db,
    storage: deps.storage,
    agency: deps.agency,
    publicOrigin: deps.publicOrigin,
    catalog: () => currentCatalog(deps.db),
    now: () => new Date(deps.now?.() ?? Date.now()),
    ...(deps.afterSent ? { afterSent: deps.afterSent } : {}),
  };
  const jobId = (c: Context<Env>) => {
    const id = c.req.param('uuid') ?? '';
    if (!isUuid(id)) throw jobNotFound();
    return id.toLowerCase();
  };
  return new Hono<Env>()
    .post('/job/:uuid/send/preview', signedIn, jsonBody(SendRequestSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await previewSend(services, callerOf(c.get('claims')), jobId(c), c.req.valid('json')));
    })
    .post('/job/:uuid/send', signedIn, jsonBody(SendRequestSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        await sendToClient(services, callerOf(c.get('claims')), jobId(c), c.req.valid('json')),
        201,
      );
    });
}
