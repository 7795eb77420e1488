import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { JobActor } from '../../machines/jobs/job-lifecycle.machine';
import { ConfirmDialog } from '../components/dialog';
import { errorMessage } from '../components/error-message';
import { RetryAlert } from '../components/retry-alert';
import { showToast } from '../components/toast';

/**
 * Run, edit, duplicate, then archive / re-activate and delete: what the job machine allows now. The
 * run button keeps its place while the run is asked for and in flight (disabled, saying so), so that
 * nothing moves under the pointer: a double click on it once archived the job, whose button had
 * slid into its place (issue 42). Archiving says so in a toast that can undo it.
 */
export function JobActions({ job }: { job: JobActor }) {
  const state = useSelector(job, (s) => s);
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const uuid = state.context.uuid;
  // The archive button goes with the archiving: focus moves to "Re-activate", which took its meaning
  // (focus left on the page's body made a keyboard user start over from the top).
  const focusReactivate = useRef(false);
  useEffect(() => {
    const archived = job.on('job.archived', () => {
      focusReactivate.current = true;
      showToast(t`The job is archived.`, 'success', {
        label: t`Undo`,
        run: () => job.send({ type: 'job.activate' }),
      });
    });
    return () => archived.unsubscribe();
  }, [job, t]);
  const runStarted = state.matches({ active: 'requesting' }) || state.hasTag('running');
  if (state.matches('deleted')) {
    return (
      <p role="status">
        <Trans>The job was deleted.</Trans> <Link to="/matchingJob">{t`Back to the jobs`}</Link>
      </p>
    );
  }
  return (
    <div className="job-actions">
      {state.can({ type: 'job.run' }) ? (
        <button type="button" className="button" onClick={() => job.send({ type: 'job.run' })}>
          <Trans>Run matching</Trans>
        </button>
      ) : (
        runStarted && (
          <button type="button" className="button" disabled>
            <Trans>Matching is running…</Trans>
          </button>
        )
      )}
      {state.can({ type: 'job.activate' }) && (
        <button
          type="button"
          className="button"
          ref={(button) => {
            if (button && focusReactivate.current) {
              focusReactivate.current = false;
              button.focus();
            }
          }}
          onClick={() => job.send({ type: 'job.activate' })}
        >
          <Trans>Re-activate</Trans>
        </button>
      )}
      {uuid && state.matches('active') && (
        <Link className="button" to="/editJob/$jobUuid" params={{ jobUuid: uuid }}>
          <Trans>Edit</Trans>
        </Link>
      )}
      {state.can({ type: 'job.duplicate' }) && (
        <button type="button" className="button" onClick={() => job.send({ type: 'job.duplicate' })}>
          <Trans>Duplicate</Trans>
        </button>
      )}
      {(state.can({ type: 'job.archive' }) || state.can({ type: 'job.delete' })) && (
        // Apart, at the end of the row: what ends the job's work is never where a run button was.
        <span className="job-actions-end">
          {state.can({ type: 'job.archive' }) && (
            <button
              type="button"
              className="button secondary"
              onClick={() => job.send({ type: 'job.archive' })}
            >
              <Trans>Archive</Trans>
            </button>
          )}
          {state.can({ type: 'job.delete' }) && (
            <button type="button" className="button danger" onClick={() => setConfirming(true)}>
              <Trans>Delete</Trans>
            </button>
          )}
        </span>
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
