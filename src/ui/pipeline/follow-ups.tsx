import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { followUpStatus, type PipelineFollowUps } from '../../../contract/pipeline';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { formatTimeOfDay } from '../components/format';
import { stageLabel } from '../components/pipeline-stages';
import { ResourceStatus } from '../components/resource-status';
import { followUpWhen } from './follow-up-text';

/**
 * The follow-ups due today or before (PRODUCT.md §10 "The agent's day"), with their time and note:
 * each links to its entry on the job's pipeline (`?view=pipeline&entry=`), where it is done or postponed. On the dashboard the first `limit` with a link to the whole "today" list.
 */
export function FollowUps({ list, limit }: { list: Resource<PipelineFollowUps>; limit?: number }) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData(state);
  const items = data ? (limit ? data.items.slice(0, limit) : data.items) : [];
  // Due today whatever the time (one at 16:00 is due in the morning too); the time is the reader's.
  const when = (day: string | null, time: string | null | undefined) => {
    if (!day) return '';
    const clock = time ? formatTimeOfDay(i18n, time) : null;
    if (followUpStatus(day, data!.today) === 'overdue')
      return t`overdue since ${followUpWhen(i18n, day, time)}`;
    return clock ? t`today at ${clock}` : t`today`;
  };
  return (
    <section aria-labelledby="follow-ups-title" className="follow-ups">
      <h2 id="follow-ups-title">
        <Trans>Follow-ups due</Trans>
      </h2>
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(data)}
        loading={t`Loading the follow-ups…`}
        lines={2}
      />
      {data && data.items.length === 0 && (
        <p className="muted">
          <Trans>No follow-up is due today.</Trans>
        </p>
      )}
      {items.length > 0 && (
        <ul className="follow-up-list">
          {items.map(({ job, entry }) => (
            <li key={entry.uuid}>
              {/* The entry itself: the job's pipeline, scrolled to its card, with "done" and "postpone". */}
              <Link
                to="/matchingJobResult/$jobUuid"
                params={{ jobUuid: job.uuid }}
                search={{ view: 'pipeline', entry: entry.uuid }}
              >
                {entry.profile.name || t`Unnamed candidate`} · {job.title || t`Untitled job`}
              </Link>{' '}
              <span className="muted">
                {stageLabel(i18n, entry.stage)} · {when(entry.followUp, entry.followUpTime)}
              </span>
              {entry.followUpNote && <span className="follow-up-note">{entry.followUpNote}</span>}
            </li>
          ))}
        </ul>
      )}
      {limit && data && data.items.length > limit && (
        <p>
          <Link to="/pipeline/today">{t`All ${data.items.length} follow-ups`}</Link>
        </p>
      )}
    </section>
  );
}
