import { type Context, Hono } from 'hono';
import { CLIENT_ANSWERS, OWN_SUBMISSIONS, SENDING } from '../../contract/endpoints/submissions';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import { readCatalog } from '../catalog/catalog';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import type { PhotoStorage } from '../profiles/photo-storage';
import { answerSubmission, withdrawAnswer } from '../submissions/answers';
import {
  clientJobs,
  jobSubmissions,
  type SubmissionServices,
  submissionCardPdf,
} from '../submissions/client-submissions';
import { ownSubmissions } from '../submissions/own-submissions';
import { type AfterSent, previewSend, sendToClient } from '../submissions/send';
import { conflictResponse } from './conflict';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface SubmissionRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  agency: AgencyConfig;
  /** Where the mails' links point (the configured public origin). */
  publicOrigin: string;
  now?: () => number;
  /** Where the pipeline moves the sent entries to `submitted` (server/submissions/send.ts `AfterSent`). */
  afterSent?: AfterSent;
}

/**
 * The client loop (contract/endpoints/submissions.ts): an agent submits candidates' cards to a job's
 * client, the client answers its submissions, a candidate reads their own.
 */
export function submissionRoutes(deps: SubmissionRoutesDeps) {
  const svc: SubmissionServices = {
    db: deps.db,
    storage: deps.storage,
    agency: deps.agency,
    publicOrigin: deps.publicOrigin,
    catalog: () => readCatalog(deps.db),
    now: () => new Date(deps.now?.() ?? Date.now()),
  };
  const sending = { ...svc, ...(deps.afterSent ? { afterSent: deps.afterSent } : {}) };
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));

  on(SENDING.preview, async (c, { params, body }) =>
    c.json(await previewSend(sending, caller(c), params.uuid, body)),
  );
  on(SENDING.send, async (c, { params, body }) =>
    c.json(await sendToClient(sending, caller(c), params.uuid, body), 201),
  );

  on(CLIENT_ANSWERS.jobs, async (c) => c.json(await clientJobs(deps.db, caller(c))));
  on(CLIENT_ANSWERS.submissions, async (c, { params }) =>
    c.json(await jobSubmissions(svc, caller(c), params.uuid)),
  );
  on(CLIENT_ANSWERS.answer, async (c, { params, body }) => {
    const result = await answerSubmission(svc, caller(c), params.entry, body);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(CLIENT_ANSWERS.undo, async (c, { params }) => {
    const result = await withdrawAnswer(svc, caller(c), params.entry);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(CLIENT_ANSWERS.card, async (c, { params }) => {
    const { pdf, fileName } = await submissionCardPdf(svc, caller(c), params.entry);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    return c.body(new Uint8Array(pdf));
  });

  on(OWN_SUBMISSIONS.list, async (c) => c.json(await ownSubmissions(deps.db, caller(c))));
  return app;
}
