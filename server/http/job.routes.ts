import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  JobInputSchema,
  JobListQuerySchema,
  JobStatusBodySchema,
  JobUpdateSchema,
  PreviewRequestSchema,
  ResultsQuerySchema,
} from '../../contract/job';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { readCatalog } from '../catalog/catalog';
import { openStreamSlot, STREAM_RENEW_MS } from '../jobs/caps';
import { listJobs } from '../jobs/job-list';
import { changeStatus, createJob, deleteJob, readJob, takeJob, updateJob } from '../jobs/jobs';
import { resultDetail, showResultsPage } from '../jobs/results';
import { resultsCsv } from '../jobs/results-csv';
import { latestRun, requestRun, sendRunEvents } from '../jobs/runs';
import type { JobServices } from '../jobs/services';
import { setShortlisted } from '../jobs/shortlist';
import { csvTexts } from '../jobs/texts';
import { nearMisses, preview } from '../jobs/what-if';
import { withPipelineCounts } from '../pipeline/counts';
import { keptJsonResponse } from './compress';
import { conflictResponse } from './conflict';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface JobRoutesDeps {
  services: JobServices;
  tokens: TokenSettings;
  /** How often the run event stream looks at the run. */
  eventPollMs?: number;
}

const noStore = (c: Context<Env>) => c.header('Cache-Control', 'no-store');

/**
 * The job calls of PRODUCT.md §5 (contract/job.ts lists them). Every handler authorizes through
 * server/auth/caller.ts: agents everything, a company its own requests, candidates nothing.
 */
export function jobRoutes(deps: JobRoutesDeps) {
  const signedIn = requireUser(deps.tokens);
  const { services } = deps;
  const db = services.db;
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const pollMs = deps.eventPollMs ?? 250;

  return (
    new Hono<Env>()
      .put('/job', signedIn, jsonBody(JobInputSchema), async (c) => {
        noStore(c);
        const limits = { caps: services.caps, now: new Date(services.clock()) };
        return c.json(await createJob(db, caller(c), c.req.valid('json'), limits), 201);
      })
      .get('/jobs/list', signedIn, validQuery(JobListQuerySchema), async (c) => {
        noStore(c);
        const who = caller(c);
        return c.json(await withPipelineCounts(db, who, await listJobs(db, who, c.req.valid('query'))));
      })
      // Before /job/:uuid, which would take "preview" for an id.
      .post('/job/preview', signedIn, jsonBody(PreviewRequestSchema), async (c) => {
        noStore(c);
        return c.json(await preview(services, caller(c), c.req.valid('json')));
      })
      .post('/job/changestatus/:uuid', signedIn, jsonBody(JobStatusBodySchema), async (c) => {
        noStore(c);
        return c.json(await changeStatus(db, caller(c), c.req.param('uuid'), c.req.valid('json').status));
      })
      .get('/job/showresults/:id', signedIn, validQuery(ResultsQuerySchema), async (c) => {
        noStore(c);
        const who = caller(c);
        const query = c.req.valid('query');
        if (query.format === 'csv') {
          const csv = await resultsCsv(db, who, await readCatalog(db), c.req.param('id'), query);
          return c.body(csv, 200, {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${csvTexts[who.language].fileName}"`,
          });
        }
        return keptJsonResponse(c, await showResultsPage(db, who, c.req.param('id'), query));
      })
      .get('/job/showresultsdetail/:job/:profile', signedIn, validQuery(ResultsQuerySchema), async (c) => {
        noStore(c);
        const query = c.req.valid('query');
        return c.json(await resultDetail(db, caller(c), c.req.param('job'), c.req.param('profile'), query));
      })
      .get('/job/:uuid', signedIn, async (c) => {
        noStore(c);
        return c.json(await readJob(db, caller(c), c.req.param('uuid')));
      })
      .post('/job/:uuid', signedIn, jsonBody(JobUpdateSchema), async (c) => {
        noStore(c);
        const result = await updateJob(db, caller(c), c.req.param('uuid'), c.req.valid('json'));
        return result.ok ? c.json(result.job) : conflictResponse(c, 'job.version_conflict', result.current);
      })
      .delete('/job/:uuid', signedIn, async (c) => {
        await deleteJob(db, caller(c), c.req.param('uuid'));
        return c.body(null, 204);
      })
      .post('/job/:uuid/take', signedIn, async (c) => {
        noStore(c);
        return c.json(await takeJob(db, caller(c), c.req.param('uuid')));
      })
      .post('/job/:uuid/run', signedIn, async (c) => {
        noStore(c);
        return c.json({ run: await requestRun(services, caller(c), c.req.param('uuid')) }, 202);
      })
      .get('/job/:uuid/run', signedIn, async (c) => {
        noStore(c);
        return c.json({ run: await latestRun(db, caller(c), c.req.param('uuid')) });
      })
      .get('/job/:uuid/run/events', signedIn, async (c) => {
        // Authorization and the 404s answer as JSON, before the stream starts.
        const who = caller(c);
        const first = await latestRun(db, who, c.req.param('uuid'));
        // At most `caps.streams` open per user across every node (PRODUCT.md §8); the slot is a
        // lease renewed while the stream lasts and given back when it ends.
        const slot = await openStreamSlot(db, services.caps, who, new Date(services.clock()));
        return streamSSE(c, async (stream) => {
          const renew = setInterval(() => {
            void slot.renew(new Date(services.clock())).catch(() => {});
          }, STREAM_RENEW_MS);
          try {
            await sendRunEvents(db, first, stream, pollMs);
          } finally {
            clearInterval(renew);
            await slot.release().catch(() => {});
          }
        });
      })
      .get('/job/:uuid/near-misses', signedIn, async (c) => {
        noStore(c);
        return c.json(await nearMisses(services, caller(c), c.req.param('uuid')));
      })
      .put('/job/:uuid/shortlist/:profile', signedIn, async (c) => {
        noStore(c);
        await setShortlisted(db, caller(c), c.req.param('uuid'), c.req.param('profile'), true);
        return c.json({ shortlisted: true as const });
      })
      .delete('/job/:uuid/shortlist/:profile', signedIn, async (c) => {
        await setShortlisted(db, caller(c), c.req.param('uuid'), c.req.param('profile'), false);
        return c.body(null, 204);
      })
  );
}
