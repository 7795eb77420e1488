import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { JobActor } from '../../machines/jobs/job-lifecycle.machine';
import { ConfirmDialog } from '../components/dialog';
import { errorMessage } from '../components/error-message';
import { RetryAlert } from '../components/retry-alert';

/** Run, archive / re-activate, edit, duplicate: what the job machine allows now. */
export function JobActions({ job }: { job: JobActor }) {
  const state = useSelector(job, (s) => s);
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const uuid = state.context.uuid;
  if (state.matches('deleted')) {
    return (
      <p role="status">
        <Trans>The job was deleted.</Trans> <Link to="/matchingJob">{t`Back to the jobs`}</Link>
      </p>
    );
  }
  return (
    <div className="job-actions">
      {state.can({ type: 'job.run' }) && (
        <button type="button" className="button" onClick={() => job.send({ type: 'job.run' })}>
          <Trans>Run matching</Trans>
        </button>
      )}
      {state.can({ type: 'job.archive' }) && (
        <button type="button" className="button secondary" onClick={() => job.send({ type: 'job.archive' })}>
          <Trans>Archive</Trans>
        </button>
      )}
      {state.can({ type: 'job.activate' }) && (
        <button type="button" className="button" onClick={() => job.send({ type: 'job.activate' })}>
          <Trans>Re-activate</Trans>
        </button>
      )}
      {state.can({ type: 'job.duplicate' }) && (
        <button type="button" className="button" onClick={() => job.send({ type: 'job.duplicate' })}>
          <Trans>Duplicate</Trans>
        </button>
      )}
      {uuid && state.matches('active') && (
        <Link className="button" to="/editJob/$jobUuid" params={{ jobUuid: uuid }}>
          <Trans>Edit</Trans>
        </Link>
      )}
      {state.can({ type: 'job.delete' }) && (
        <button type="button" className="button danger" onClick={() => setConfirming(true)}>
          <Trans>Delete</Trans>
        </button>
      )}
      <ConfirmDialog
        title={t`Delete this job?`}
        isOpen={confirming}
        onOpenChange={setConfirming}
        consequences={
          <p>
            <Trans>The job, all its runs, their results and the shortlist are deleted for good.</Trans>
          </p>
        }
        confirmLabel={t`Delete the job`}
        onConfirm={() => job.send({ type: 'job.delete' })}
      />
      {state.matches('archived') && (
        <p role="status">
          <Trans>This job is archived: it cannot run or be edited until it is re-activated.</Trans>
        </p>
      )}
      {state.matches('loadFailed') ? (
        <RetryAlert code={state.context.error} onRetry={() => job.send({ type: 'job.retry' })} />
      ) : (
        state.context.error && (
          <p className="form-error" role="alert">
            {errorMessage(i18n, state.context.error)}
          </p>
        )
      )}
    </div>
  );
}
