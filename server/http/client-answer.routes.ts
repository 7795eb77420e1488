import { type Context, Hono } from 'hono';
import { CLIENT_ANSWERS } from '../../contract/endpoints/client-answers';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import { readCatalog } from '../catalog/catalog';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import {
  answerCandidate,
  type ClientAnswerServices,
  clientCardPdf,
  clientJobCandidates,
  clientJobs,
  withdrawAnswer,
} from '../pipeline/client-answers';
import type { PhotoStorage } from '../profiles/photo-storage';
import { conflictResponse } from './conflict';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface ClientAnswerRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  agency: AgencyConfig;
  publicOrigin: string;
  now?: () => number;
}

/** The company's side of the client loop (contract/endpoints/client-answers.ts). */
export function clientAnswerRoutes(deps: ClientAnswerRoutesDeps) {
  const svc: ClientAnswerServices = {
    db: deps.db,
    storage: deps.storage,
    agency: deps.agency,
    publicOrigin: deps.publicOrigin,
    catalog: () => readCatalog(deps.db),
    now: () => new Date(deps.now?.() ?? Date.now()),
  };
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);
  on(CLIENT_ANSWERS.jobs, async (c) => c.json(await clientJobs(deps.db, caller(c))));
  on(CLIENT_ANSWERS.candidates, async (c, { params }) =>
    c.json(await clientJobCandidates(svc, caller(c), params.uuid)),
  );
  on(CLIENT_ANSWERS.answer, async (c, { params, body }) => {
    const result = await answerCandidate(svc, caller(c), params.entry, body);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(CLIENT_ANSWERS.undo, async (c, { params }) => {
    const result = await withdrawAnswer(svc, caller(c), params.entry);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(CLIENT_ANSWERS.card, async (c, { params }) => {
    const { pdf, fileName } = await clientCardPdf(svc, caller(c), params.entry);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    return c.body(new Uint8Array(pdf));
  });
  return app;
}
