import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AgentDashboard as Dashboard } from '../../../contract/agent';
import type { CandidateType } from '../../../contract/user-types';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { recordPage } from '../components/candidate-pages';
import { ResourceStatus } from '../components/resource-status';

/** One figure of the dashboard: the count, what it counts, and the table that lists them. */
function Count({
  value,
  label,
  link,
  children,
}: {
  value: number;
  label: ReactNode;
  link?: LinkProps;
  children?: ReactNode;
}) {
  const body = (
    <span className="count-body">
      <span className="count-value">{value}</span> <span className="count-label">{label}</span>
    </span>
  );
  return (
    <li className="count">
      {link ? <Link {...link}>{body}</Link> : body}
      {children}
    </li>
  );
}

/** A figure split by candidate type, each part a link to that type's table with the same filter. */
function ByType({
  counts,
  filter,
  label,
}: {
  counts: Record<CandidateType, number>;
  filter: { assigned: 'me' | 'none' } | { created: 'week' };
  label: string;
}) {
  const { t } = useLingui();
  const tables = [
    { type: 'stella', to: '/stellas', name: t`Stellas` },
    { type: 'luna', to: '/lunas', name: t`Lunas` },
    { type: 'nova', to: '/novas', name: t`Novas` },
  ] as const;
  return (
    <span className="count-split">
      {tables.map(({ type, to, name }, i) => (
        <span key={type}>
          {i > 0 && ' · '}
          <Link to={to} search={filter} aria-label={`${counts[type]} ${name} ${label}`}>
            {counts[type]} {name}
          </Link>
        </span>
      ))}
    </span>
  );
}

/**
 * Retention (PRODUCT.md §8): who is deleted within 30 days and when, soonest first, each a link to
 * the record, so an agent who still works with someone can act before the day (any agent action
 * restarts the clock).
 */
function DeletionsDue({ due }: { due: Dashboard['deletionsDue'] }) {
  const { t, i18n } = useLingui();
  const kinds: Record<string, string> = {
    stella: t`Stella`,
    luna: t`Luna`,
    nova: t`Nova`,
    company: t`Company`,
  };
  return (
    <section aria-labelledby="dash-deletions" className="deletions-due">
      <h2 id="dash-deletions">
        <Trans>Deletions in the next 30 days</Trans>
      </h2>
      {due.total === 0 ? (
        <p>
          <Trans>No account or profile is due for deletion in the next 30 days.</Trans>
        </p>
      ) : (
        <>
          <p className="muted">
            <Trans>
              Without login or agent activity, these are deleted on the day shown. Any agent action on the
              record keeps it.
            </Trans>
          </p>
          <ul className="deletions-list">
            {due.items.map((item, i) => {
              const name = item.name ?? t`Unnamed`;
              // Where a record due for deletion is opened: the candidate's page per type, or the company's.
              const route = recordPage(item.type);
              const day = i18n.date(new Date(item.dueAt), { dateStyle: 'medium' });
              return (
                <li key={item.uuid ?? `${item.dueAt}-${i}`}>
                  {item.uuid && route ? (
                    <Link to={route} params={{ uuid: item.uuid }}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}{' '}
                  <span className="muted">
                    · {kinds[item.type] ?? item.type} · <Trans>deleted on {day}</Trans>
                  </span>
                </li>
              );
            })}
          </ul>
          {due.total > due.items.length && (
            <p className="muted">
              <Trans>and {due.total - due.items.length} more</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The agent's figures (PRODUCT.md §6) under the attention band: counts per type, new, unassigned,
 * mine, jobs, runs. Company requests are counted once, by the band ("requests without an agent",
 * PRODUCT.md §10 "The agent's day"); the old "company requests waiting" (requests without a run) meant
 * something else under a like name and is gone.
 */
export function AgentDashboard({ list }: { list: Resource<Dashboard> }) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData(state);
  if (!data)
    return <ResourceStatus resource={list} state={state} loaded={false} loading={t`Loading the figures…`} />;
  const runState: Record<string, string> = {
    queued: t`queued`,
    running: t`running`,
    done: t`done`,
    failed: t`failed`,
    cancelled: t`cancelled`,
  };
  return (
    <div className="dashboard-grid" aria-busy={state.hasTag('busy')}>
      <section aria-labelledby="dash-candidates">
        <h2 id="dash-candidates">
          <Trans>Candidates</Trans>
        </h2>
        <ul className="counts">
          <Count value={data.counts.stella} label={<Trans>Stellas</Trans>} link={{ to: '/stellas' }} />
          <Count value={data.counts.luna} label={<Trans>Lunas</Trans>} link={{ to: '/lunas' }} />
          <Count value={data.counts.nova} label={<Trans>Novas</Trans>} link={{ to: '/novas' }} />
          <Count value={data.newThisWeek} label={<Trans>new this week</Trans>}>
            <ByType counts={data.newThisWeekByType} filter={{ created: 'week' }} label={t`new this week`} />
          </Count>
        </ul>
      </section>
      <section aria-labelledby="dash-care">
        <h2 id="dash-care">
          <Trans>Looking after</Trans>
        </h2>
        <ul className="counts">
          <Count value={data.assignedToMe} label={<Trans>assigned to me</Trans>}>
            <ByType counts={data.assignedToMeByType} filter={{ assigned: 'me' }} label={t`assigned to me`} />
          </Count>
          <Count value={data.unassigned} label={<Trans>not assigned</Trans>}>
            <ByType counts={data.unassignedByType} filter={{ assigned: 'none' }} label={t`not assigned`} />
          </Count>
          <Count value={data.counts.company} label={<Trans>Companies</Trans>} link={{ to: '/companies' }} />
        </ul>
      </section>
      <section aria-labelledby="dash-jobs">
        <h2 id="dash-jobs">
          <Trans>Matching</Trans>
        </h2>
        <ul className="counts">
          <Count value={data.activeJobs} label={<Trans>active jobs</Trans>} link={{ to: '/matchingJob' }} />
          <Count
            value={data.runsInFlight}
            label={<Trans>runs in flight</Trans>}
            link={{ to: '/matchingJob' }}
          />
        </ul>
        <h3>
          <Trans>Last runs</Trans>
        </h3>
        {data.lastRuns.length === 0 ? (
          <p>
            <Trans>No job has run yet.</Trans>
          </p>
        ) : (
          <ul>
            {data.lastRuns.map((run) => (
              <li key={run.uuid}>
                <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid: run.jobUuid }}>
                  {run.jobTitle || t`Untitled job`}
                </Link>{' '}
                <span className="muted">
                  · {runState[run.state] ?? run.state}
                  {run.included !== null && (
                    <> · {t`${plural(run.included, { one: '# candidate', other: '# candidates' })}`}</>
                  )}
                  {run.finishedAt && (
                    <> · {i18n.date(new Date(run.finishedAt), { dateStyle: 'short', timeStyle: 'short' })}</>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeletionsDue due={data.deletionsDue} />
    </div>
  );
}
