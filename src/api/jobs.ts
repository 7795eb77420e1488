import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import { JOBS } from '../../contract/endpoints/jobs';
import { type Job, JobConflictSchema, type Run, RunSchema } from '../../contract/job';
import { pathOf } from '../../contract/route-table';
import { type ApiClient, ApiError } from './client';

// What the job calls of the route table (contract/endpoints/jobs.ts `JOBS`) answer beyond their
// schema: a version conflict, a job that never ran, and the run's event stream.

/** An update refused because someone saved first: the job as it is now. */
export class JobConflict extends Error {
  constructor(readonly current: Job) {
    super('job.version_conflict');
  }
}

/** A job's write: a 409 `job.version_conflict` rejects with JobConflict, anything else as it came. */
export async function withJobConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'job.version_conflict') {
      const conflict = v.safeParse(JobConflictSchema, error.body);
      if (conflict.success) throw new JobConflict(conflict.output.current);
    }
    throw error;
  }
}

/** A job's latest run (JOBS.latestRun), or null when the job never ran (404 `run.not_found`). */
export async function withoutRun(read: Promise<{ run: Run }>): Promise<Run | null> {
  try {
    return (await read).run;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'run.not_found') return null;
    throw error;
  }
}

/**
 * JOBS.runEvents: calls `onRun` with every state the server streams until the stream ends (the run
 * ended, or `signal` aborted it). Rejects when the stream cannot be opened or breaks, so the caller
 * can fall back to polling.
 */
export async function watchRunEvents(
  api: ApiClient,
  uuid: string,
  onRun: (run: Run) => void,
  signal: AbortSignal,
): Promise<void> {
  const body = await api.stream(pathOf(JOBS.runEvents.path, { uuid }), signal);
  const parser = createParser({
    onEvent(message) {
      if (message.event !== 'run') return;
      const run = v.safeParse(RunSchema, safeJson(message.data));
      if (run.success) onRun(run.output);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
