import { type Context, Hono } from 'hono';
import { SENDING } from '../../contract/endpoints/sending';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import { type AfterSent, previewSend, sendToClient } from '../cards/send';
import { readCatalog } from '../catalog/catalog';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import type { PhotoStorage } from '../profiles/photo-storage';
import { type RouteEnv, routeAdapter } from './route-adapter';

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

/** Sending candidates' cards to a job's client (contract/endpoints/sending.ts). */
export function sendRoutes(deps: SendRoutesDeps) {
  const services = {
    db: deps.db,
    storage: deps.storage,
    agency: deps.agency,
    publicOrigin: deps.publicOrigin,
    catalog: () => readCatalog(deps.db),
    now: () => new Date(deps.now?.() ?? Date.now()),
    ...(deps.afterSent ? { afterSent: deps.afterSent } : {}),
  };
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  on(SENDING.preview, async (c, { params, body }) =>
    c.json(await previewSend(services, caller(c), params.uuid, body)),
  );
  on(SENDING.send, async (c, { params, body }) =>
    c.json(await sendToClient(services, caller(c), params.uuid, body), 201),
  );
  return app;
}
