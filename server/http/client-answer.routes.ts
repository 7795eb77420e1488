import { type Context, Hono } from 'hono';
import { ClientAnswerSchema } from '../../contract/client-answers';
import { currentCatalog } from '../agents/search';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
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
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface ClientAnswerRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  agency: AgencyConfig;
  publicOrigin: string;
  now?: () => number;
}

/** The company's side of the client loop (contract/client-answers.ts): companies only. */
export function clientAnswerRoutes(deps: ClientAnswerRoutesDeps) {
  const signedIn = requireUser(deps.tokens);
  const svc: ClientAnswerServices = {
    db: deps.db,
    storage: deps.storage,
    agency: deps.agency,
    publicOrigin: deps.publicOrigin,
    catalog: () => currentCatalog(deps.db),
    now: () => new Date(deps.now?.() ?? Date.now()),
  };
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const noStore = (c: Context<Env>) => c.header('Cache-Control', 'no-store');
  return new Hono<Env>()
    .get('/client/jobs', signedIn, async (c) => {
      noStore(c);
      return c.json(await clientJobs(deps.db, caller(c)));
    })
    .get('/client/job/:uuid/candidates', signedIn, async (c) => {
      noStore(c);
      return c.json(await clientJobCandidates(svc, caller(c), c.req.param('uuid')));
    })
    .post('/client/candidate/:entry/answer', signedIn, jsonBody(ClientAnswerSchema), async (c) => {
      noStore(c);
      const result = await answerCandidate(svc, caller(c), c.req.param('entry'), c.req.valid('json'));
      return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
    })
    .post('/client/candidate/:entry/answer/undo', signedIn, async (c) => {
      noStore(c);
      const result = await withdrawAnswer(svc, caller(c), c.req.param('entry'));
      return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
    })
    .get('/client/candidate/:entry/card', signedIn, async (c) => {
      noStore(c);
      const { pdf, fileName } = await clientCardPdf(svc, caller(c), c.req.param('entry'));
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return c.body(new Uint8Array(pdf));
    });
}
