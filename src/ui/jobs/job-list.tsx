import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Job, JobListResponse } from '../../../contract/job';
import { JOB_PAGE_SIZE, type JobListSearch } from '../../../contract/job-search';
import { PIPELINE_STAGES } from '../../../contract/pipeline';
import { type Resource, resourceData, shownPage } from '../../machines/shared/resource.machine';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import { FormError } from '../components/form-error';
import { formatDate, formatPercent } from '../components/format';
import { Pagination } from '../components/pagination';
import { stageLabel } from '../components/pipeline-stages';
import { ResourceStatus } from '../components/resource-status';
import { ScoreBar } from '../components/score-bar';
import { Screen } from '../components/screen';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';
import { JobClient, WorkStatus } from './job-client';

const workspaceRoute = getRouteApi('/_protected');
const listRoute = getRouteApi('/_protected/_employer/matchingJob');

/** matchingJob: an agent's jobs with tabs, search, origin filter and sort; a company's own requests. */
export function JobListScreen({ list, take }: { list: Resource<JobListResponse>; take: SubmissionActor }) {
  const { t } = useLingui();
  const { claims } = workspaceRoute.useLoaderData();
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/matchingJob' });
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  const asCompany = claims.user_type === 'company';
  const setSearch = (patch: Partial<JobListSearch>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });
  const pages = page ? Math.max(1, Math.ceil(page.total / JOB_PAGE_SIZE)) : 1;
  const goToPage = (next: number) => navigate({ search: (prev) => ({ ...prev, page: next }) });
  const takeError = useSelector(take, (s) => s.context.error);
  // A request just taken opens in the editor, its target groups set, to be checked and run (issue 42).
  useEffect(() => {
    const told = take.on('submission.done', ({ output }) => {
      const jobUuid = (output as Job | undefined)?.uuid;
      if (jobUuid) void navigate({ to: '/editJob/$jobUuid', params: { jobUuid } });
    });
    return () => told.unsubscribe();
  }, [take, navigate]);

  return (
    <Screen title={asCompany ? t`My job requests` : t`Matching jobs`}>
      <FormError code={takeError} />
      <div className="job-actions">
        <Link className="button" to="/newJob">
          {asCompany ? <Trans>New job request</Trans> : <Trans>New matching job</Trans>}
        </Link>
      </div>
      <div className="tabs" role="tablist" aria-label={t`Job status`}>
        {(['active', 'archived'] as const).map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={search.status === status}
            onClick={() => setSearch({ status })}
          >
            {status === 'active' ? t`Active` : t`Archived`}
            {page && ` (${page.counts[status]})`}
          </button>
        ))}
      </div>
      <search className="filters">
        <TextField
          id="jobs-q"
          type="search"
          label={t`Search`}
          value={search.q}
          onChange={(q) => setSearch({ q })}
        />
        {!asCompany && (
          <Select
            label={t`Origin`}
            selectedKey={search.origin ?? 'all'}
            onSelectionChange={(key) =>
              setSearch({ origin: key === 'all' ? undefined : (key as JobListSearch['origin']) })
            }
            options={[
              { id: 'all', label: t`All` },
              { id: 'agent', label: t`Agents' jobs` },
              { id: 'company', label: t`Company requests` },
            ]}
          />
        )}
        {!asCompany && (
          <Select
            label={t`Agent`}
            selectedKey={search.agent ?? 'all'}
            onSelectionChange={(key) =>
              setSearch({ agent: key === 'all' ? undefined : (key as JobListSearch['agent']) })
            }
            options={[
              { id: 'all', label: t`All` },
              { id: 'me', label: t`My jobs` },
              { id: 'none', label: t`Without an agent` },
            ]}
          />
        )}
        {!asCompany && (
          <Select
            label={t`Results`}
            selectedKey={search.stale ?? 'all'}
            onSelectionChange={(key) =>
              setSearch({ stale: key === 'all' ? undefined : (key as JobListSearch['stale']) })
            }
            options={[
              { id: 'all', label: t`All` },
              { id: 'yes', label: t`Criteria changed since the run` },
            ]}
          />
        )}
        <Select
          label={t`Sort by`}
          selectedKey={search.sort}
          onSelectionChange={(key) => setSearch({ sort: key as JobListSearch['sort'], order: undefined })}
          options={[
            { id: 'updated', label: t`Last change` },
            { id: 'created', label: t`Created` },
            { id: 'title', label: t`Title` },
            ...(asCompany ? [] : [{ id: 'best_score', label: t`Best score` }]),
          ]}
        />
      </search>
      <ResourceStatus resource={list} state={state} loaded={Boolean(page)} loading={t`Loading the jobs…`} />
      {page && (
        <div className="table-wrap" aria-busy={state.hasTag('busy')}>
          <table className="stack-table">
            <caption className="visually-hidden">{asCompany ? t`My job requests` : t`Matching jobs`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Title</Trans>
                </th>
                {!asCompany && (
                  <th scope="col">
                    <Trans>Client</Trans>
                  </th>
                )}
                <th scope="col">
                  <Trans>Origin</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                {!asCompany && (
                  <th scope="col">
                    <Trans>Best score</Trans>
                  </th>
                )}
                {!asCompany && (
                  <th scope="col">
                    <Trans>Pipeline</Trans>
                  </th>
                )}
                <th scope="col">
                  <Trans>Last change</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((job) => (
                <JobRow key={job.uuid} job={job} asCompany={asCompany} take={take} />
              ))}
            </tbody>
          </table>
          {page.items.length === 0 && (
            <p>{search.q ? <Trans>No job matches this search.</Trans> : <Trans>No jobs here yet.</Trans>}</p>
          )}
          <Pagination page={shownPage(state, search.page)} pageCount={pages} onChange={goToPage} />
        </div>
      )}
    </Screen>
  );
}

function JobRow({ job, asCompany, take }: { job: Job; asCompany: boolean; take: SubmissionActor }) {
  const { t, i18n } = useLingui();
  const taking = useSelector(take, (s) => s.hasTag('busy'));
  const title = String(job.values.title ?? '–');
  const run = job.lastRun;
  const runText = !run
    ? t`not run yet`
    : run.state === 'queued'
      ? t`queued`
      : run.state === 'running'
        ? t`running (${formatPercent(i18n, run.progress)})`
        : run.state === 'done'
          ? t`done`
          : run.state === 'failed'
            ? t`failed`
            : t`cancelled`;
  return (
    <tr>
      <th scope="row">
        {asCompany ? (
          // The candidates the agency sent for the request, and the company's answers (issue 21).
          <Link to="/clientCandidates/$jobUuid" params={{ jobUuid: job.uuid }}>
            {title}
          </Link>
        ) : (
          <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid: job.uuid }}>
            {title}
          </Link>
        )}
      </th>
      {!asCompany && (
        <td data-label={t`Client`}>
          <JobClient job={job} link />
        </td>
      )}
      <td data-label={t`Origin`}>
        {job.origin === 'company' ? (job.company?.name ?? t`Company request`) : t`Agent`}
      </td>
      <td data-label={t`Status`}>
        <WorkStatus job={job} />
        {!asCompany && <span className="muted"> · {runText}</span>}
        {!asCompany && !job.assignedAgent && job.status === 'active' && (
          <>
            {' '}
            <button
              type="button"
              className="button"
              disabled={taking}
              aria-label={t`Take over ${title}`}
              onClick={() => take.send({ type: 'submission.submit', input: job.uuid })}
            >
              <Trans>Take it</Trans>
            </button>
          </>
        )}
        {job.criteriaChangedSinceRun && (
          <span className="job-stale">{t`criteria changed since the run`}</span>
        )}
      </td>
      {!asCompany && (
        <td data-label={t`Best score`}>
          {run?.bestScore != null ? <ScoreBar score={run.bestScore} /> : '–'}
        </td>
      )}
      {!asCompany && (
        <td data-label={t`Pipeline`}>
          <PipelineCounts counts={job.pipeline} />
        </td>
      )}
      <td data-label={t`Last change`}>{formatDate(i18n, job.updatedAt)}</td>
    </tr>
  );
}

/** The company dashboard's part: its open requests and their state, with the way to file a new one. */
export function CompanyRequests({ list }: { list: Resource<JobListResponse> }) {
  const { t } = useLingui();
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  return (
    <section aria-labelledby="company-requests-title">
      <h2 id="company-requests-title">
        <Trans>My job requests</Trans>
      </h2>
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(page)}
        loading={t`Loading your requests…`}
        lines={2}
      />
      {page && page.items.length === 0 && (
        <p>
          <Trans>You have not filed a request yet. Tell us whom you are looking for.</Trans>
        </p>
      )}
      {page && page.items.length > 0 && (
        <ul>
          {page.items.slice(0, 5).map((job) => (
            <li key={job.uuid}>
              <strong>{String(job.values.title ?? '–')}</strong> — <WorkStatus job={job} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="button" to="/newJob">
          <Trans>New job request</Trans>
        </Link>{' '}
        <Link to="/matchingJob">
          <Trans>All my requests</Trans>
        </Link>
      </p>
    </section>
  );
}

/** The job's pipeline per stage, the stages that hold anyone ("Proposed 3 · Interview 1"). */
function PipelineCounts({ counts }: { counts: Record<string, number> | undefined }) {
  const { i18n } = useLingui();
  const held = PIPELINE_STAGES.filter((stage) => (counts?.[stage] ?? 0) > 0);
  if (held.length === 0) return <>–</>;
  return (
    <ul className="pipeline-counts">
      {held.map((stage) => (
        <li key={stage}>
          {stageLabel(i18n, stage)} {i18n.number(counts?.[stage] ?? 0)}
        </li>
      ))}
    </ul>
  );
}
