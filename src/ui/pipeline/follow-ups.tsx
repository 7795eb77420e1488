import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { PipelineFollowUps } from '../../../contract/pipeline';
import { type ResourceActor, resourceData } from '../../machines/shared/resource.machine';
import { formatDay } from '../components/format';
import { stageLabel } from '../components/pipeline-stages';
import { ResourceStatus } from '../components/resource-status';

/**
 * The follow-ups due today or before (PRODUCT.md §10 "The agent's day"): each links to its job's
 * board. On the dashboard the first `limit` with a link to the whole "today" list.
 */
export function FollowUps({ list, limit }: { list: ResourceActor; limit?: number }) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData<PipelineFollowUps>(state);
  const items = data ? (limit ? data.items.slice(0, limit) : data.items) : [];
  const date = (day: string) => formatDay(i18n, day);
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
              <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid: job.uuid }}>
                {entry.profile.name || t`Unnamed candidate`} · {job.title || t`Untitled job`}
              </Link>{' '}
              <span className="muted">
                {stageLabel(i18n, entry.stage)} ·{' '}
                {entry.followUp && entry.followUp < data!.today
                  ? t`overdue since ${date(entry.followUp)}`
                  : t`today`}
              </span>
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
