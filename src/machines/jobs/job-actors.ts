import { fromCallback, fromPromise } from 'xstate';
import { JOBS } from '../../../contract/endpoints/jobs';
import {
  FINAL_RUN_STATES,
  type Job,
  type JobStatus,
  type PreviewRequest,
  type PreviewResponse,
  type ResultsQuery,
  type Run,
} from '../../../contract/job';
import type { ApiClient } from '../../api/client';
import { ApiError, download, send } from '../../api/client';
import { JobConflict, watchRunEvents, withJobConflict, withoutRun } from '../../api/jobs';
import { saveFile } from '../shared/save-file';
import {
  DEFAULT_WEIGHT,
  type draftOf,
  JobSaveConflict,
  JobSaveRejected,
  jobFormMachine,
} from './job-form.machine';
import type { JobEvent } from './job-lifecycle.machine';
import { jobPreviewMachine, type PreviewQuery } from './job-preview.machine';

const isFilled = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** How often the run is asked for when its event stream cannot be had. */
export const RUN_POLL_MS = 2000;
const FINAL: readonly string[] = FINAL_RUN_STATES;

type Draft = ReturnType<typeof draftOf>;

function rethrow(error: unknown): never {
  if (error instanceof JobConflict) throw new JobSaveConflict(error.current);
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
    throw new JobSaveRejected(error.fields);
  }
  throw error;
}

/**
 * The job machines' side effects over the API: the lifecycle's calls, and its `form` child with the
 * form's calls and the what-if. A run's progress comes from its Server-Sent Events;
 * when the stream cannot be opened or breaks before the run ended, the run is polled instead.
 */
export function jobActors(api: ApiClient, options: { asCompany: boolean; pollMs?: number }) {
  const pollMs = options.pollMs ?? RUN_POLL_MS;
  // Criteria still without a value ask nothing yet: the what-if shows the ones that are complete.
  const preview = fromPromise<PreviewResponse, PreviewQuery>(({ input, signal }) =>
    send(api, JOBS.preview, {
      body: {
        targetTypes: input.targetTypes as PreviewRequest['targetTypes'],
        criteria: input.criteria
          .filter((c) => isFilled(c.value))
          .map((c) => ({
            key: c.key,
            value: c.value,
            weight: c.weight ?? DEFAULT_WEIGHT,
            must: c.must ?? false,
          })),
      },
      signal,
    }),
  );
  const form = jobFormMachine.provide({
    actors: {
      whatIf: jobPreviewMachine.provide({ actors: { preview } }),
      createJob: fromPromise<Job, { draft: Draft }>(({ input }) =>
        send(api, JOBS.create, { body: input.draft }).catch(rethrow),
      ),
      saveJob: fromPromise<Job, { uuid: string; draft: Draft; version: number }>(({ input }) =>
        withJobConflict(
          send(api, JOBS.update, {
            params: { uuid: input.uuid },
            body: { ...input.draft, version: input.version },
          }),
        ).catch(rethrow),
      ),
    },
  });
  return {
    form,
    loadJob: fromPromise<{ job: Job; run: Run | null }, { uuid: string }>(async ({ input }) => {
      const job = await send(api, JOBS.read, { params: { uuid: input.uuid } });
      // A company never sees runs (403): its view of a request has none to load.
      const run = options.asCompany
        ? null
        : await withoutRun(send(api, JOBS.latestRun, { params: { uuid: input.uuid } }));
      return { job, run };
    }),
    changeStatus: fromPromise<Job, { uuid: string; status: JobStatus }>(({ input }) =>
      send(api, JOBS.changeStatus, { params: { uuid: input.uuid }, body: { status: input.status } }),
    ),
    deleteJob: fromPromise<void, { uuid: string }>(({ input }) =>
      send(api, JOBS.delete, { params: { uuid: input.uuid } }),
    ),
    requestRun: fromPromise<Run, { uuid: string }>(({ input }) =>
      send(api, JOBS.requestRun, { params: { uuid: input.uuid } }).then(({ run }) => run),
    ),
    watchRun: fromCallback<JobEvent, { uuid: string }>(({ sendBack, input }) => {
      const controller = new AbortController();
      let ended = false;
      const report = (run: Run) => {
        if (controller.signal.aborted) return;
        sendBack({ type: 'job.runUpdate', run });
        if (FINAL.includes(run.state)) ended = true;
      };
      const poll = async () => {
        while (!ended && !controller.signal.aborted) {
          await new Promise((resolve) => setTimeout(resolve, pollMs));
          if (controller.signal.aborted) return;
          try {
            const run = await withoutRun(send(api, JOBS.latestRun, { params: { uuid: input.uuid } }));
            if (run) report(run);
          } catch {
            // A failed poll is tried again at the next tick; the run goes on on the server.
          }
        }
      };
      watchRunEvents(api, input.uuid, report, controller.signal)
        .catch(() => undefined)
        .then(() => {
          if (!ended && !controller.signal.aborted) void poll();
        });
      return () => controller.abort();
    }),
  };
}

/** The results page's request besides the list: the CSV download. */
export function resultActions(api: ApiClient, jobUuid: string) {
  return {
    downloadCsv: fromPromise<unknown, unknown>(async ({ input }) => {
      const query = { ...(input as Partial<ResultsQuery>), page: undefined, limit: undefined };
      const blob = await download(api, JOBS.results, {
        params: { id: jobUuid },
        query: { ...query, format: 'csv' },
      });
      saveFile(blob, `matchwerk-${jobUuid.slice(0, 8)}.csv`);
    }),
  };
}
