import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { JOBS } from '../../contract/endpoints/jobs';
import { callerOf } from '../auth/caller';
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
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface JobRoutesDeps {
  services: JobServices;
  tokens: TokenSettings;
  /** How often the run event stream looks at the run. */
  eventPollMs?: number;
}

/**
 * The job calls of PRODUCT.md §5 (contract/endpoints/jobs.ts): agents everything, a company its own
 * requests (the domain decides which), candidates nothing.
 */
export function jobRoutes(deps: JobRoutesDeps) {
  const { services } = deps;
  const db = services.db;
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const pollMs = deps.eventPollMs ?? 250;
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(JOBS.create, async (c, { body }) => {
    const limits = { caps: services.caps, now: new Date(services.clock()) };
    return c.json(await createJob(db, caller(c), body, limits), 201);
  });
  on(JOBS.list, async (c, { query }) => {
    const who = caller(c);
    return c.json(await withPipelineCounts(db, who, await listJobs(db, who, query)));
  });
  // Before JOBS.read and JOBS.update, whose :uuid would take "preview" for an id.
  on(JOBS.preview, async (c, { body }) => c.json(await preview(services, caller(c), body)));
  on(JOBS.changeStatus, async (c, { params, body }) =>
    c.json(await changeStatus(db, caller(c), params.uuid, body.status)),
  );
  on(JOBS.results, async (c, { params, query }) => {
    const who = caller(c);
    if (query.format === 'csv') {
      const csv = await resultsCsv(db, who, await readCatalog(db), params.id, query);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvTexts[who.language].fileName}"`,
      });
    }
    return keptJsonResponse(c, await showResultsPage(db, who, params.id, query));
  });
  on(JOBS.resultDetail, async (c, { params, query }) =>
    c.json(await resultDetail(db, caller(c), params.job, params.profile, query)),
  );
  on(JOBS.read, async (c, { params }) => c.json(await readJob(db, caller(c), params.uuid)));
  on(JOBS.update, async (c, { params, body }) => {
    const result = await updateJob(db, caller(c), params.uuid, body);
    return result.ok ? c.json(result.job) : conflictResponse(c, 'job.version_conflict', result.current);
  });
  on(JOBS.delete, async (c, { params }) => {
    await deleteJob(db, caller(c), params.uuid);
    return c.body(null, 204);
  });
  on(JOBS.take, async (c, { params }) => c.json(await takeJob(db, caller(c), params.uuid)));
  on(JOBS.requestRun, async (c, { params }) =>
    c.json({ run: await requestRun(services, caller(c), params.uuid) }, 202),
  );
  on(JOBS.latestRun, async (c, { params }) => c.json({ run: await latestRun(db, caller(c), params.uuid) }));
  on(JOBS.runEvents, async (c, { params }) => {
    // Authorization and the 404s answer as JSON, before the stream starts.
    const who = caller(c);
    const first = await latestRun(db, who, params.uuid);
    // At most `caps.streams` open per user across every node (PRODUCT.md §8); the slot is a lease
    // renewed while the stream lasts and given back when it ends.
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
  });
  on(JOBS.nearMisses, async (c, { params }) => c.json(await nearMisses(services, caller(c), params.uuid)));
  on(JOBS.shortlist, async (c, { params }) => {
    await setShortlisted(db, caller(c), params.uuid, params.profile, true);
    return c.json({ shortlisted: true as const });
  });
  on(JOBS.unshortlist, async (c, { params }) => {
    await setShortlisted(db, caller(c), params.uuid, params.profile, false);
    return c.body(null, 204);
  });
  return app;
}
