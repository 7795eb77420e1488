import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ResultsResponse } from '../../../contract/job';
import { type JobActor, runProgress } from '../../machines/jobs/job-lifecycle.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { Progress } from '../components/progress';
import { Histogram } from './histogram';

/** The run's state above the results: its progress, its failure, or criteria changed since it. */
export function RunStatus({ job, results }: { job: JobActor; results: Resource<ResultsResponse> }) {
  const { t } = useLingui();
  const state = useSelector(job, (s) => s);
  const hasRun = useSelector(results, (s) => Boolean(resourceData(s)?.run));
  const progress = runProgress(state);
  return (
    <>
      {progress !== null && (
        <div className="run-progress">
          <Progress
            label={t`The run is in progress; the last results stay visible meanwhile.`}
            value={progress}
          />
        </div>
      )}
      {state.matches({ active: 'failed' }) && (
        <p className="form-error" role="alert">
          <Trans>The last run failed. Please start it again.</Trans>
        </p>
      )}
      {hasRun && state.context.criteriaChanged && progress === null && (
        <div className="notice run-stale" role="status">
          <p>
            <Trans>The criteria changed since this run: the results below are from the old criteria.</Trans>
          </p>
          {state.can({ type: 'job.run' }) && (
            <button type="button" className="button" onClick={() => job.send({ type: 'job.run' })}>
              <Trans>Run again</Trans>
            </button>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The last run's figures and the spread of its scores (the page's largest element, drawn in the first
 * render with the results' answer), or that the job has not run yet.
 */
export function RunSummary({ results }: { results: Resource<ResultsResponse> }) {
  const { t } = useLingui();
  const run = useSelector(results, (s) => resourceData(s)?.run ?? null);
  const loaded = useSelector(results, (s) => s.matches('loaded'));
  if (!run) {
    return loaded ? (
      <p>
        <Trans>This job has not run yet. Start a run to see the candidates who fit.</Trans>
      </p>
    ) : null;
  }
  return (
    <section className="run-summary" aria-labelledby="run-summary-title">
      <h2 id="run-summary-title">
        <Trans>Last run</Trans>
      </h2>
      <p>
        {t`${plural(run.considered ?? 0, {
          one: `${run.included ?? 0} of # candidate fits`,
          other: `${run.included ?? 0} of # candidates fit`,
        })}; ${plural(run.excluded ?? 0, {
          one: '# was excluded by a must-have.',
          other: '# were excluded by a must-have.',
        })}`}
      </p>
      {run.histogram && <Histogram bins={run.histogram} />}
    </section>
  );
}
