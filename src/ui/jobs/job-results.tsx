import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { retryCannotHelp } from '../../../contract/errors';
import type { ResultItem, ResultsResponse } from '../../../contract/job';
import { JOB_PAGE_SIZE, type ResultsSearch } from '../../../contract/job-search';
import { CANDIDATE_TYPES } from '../../../contract/user-types';
import { runProgress } from '../../machines/jobs/job-lifecycle.machine';
import type { jobsLogic } from '../../machines/jobs/job-provider';
import { scoreFilterMachine } from '../../machines/jobs/score-filter.machine';
import { resourceData, shownPage } from '../../machines/shared/resource.machine';
import { Deferred } from '../components/deferred';
import { Pagination } from '../components/pagination';
import { Progress } from '../components/progress';
import { ProtectedImage } from '../components/protected-image';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { Select } from '../components/select';
import { SendToClient } from '../components/send-to-client-dialog';
import { Tab, TabList, TabPanel, Tabs } from '../components/tabs';
import { TextField } from '../components/text-field';
import { showToast } from '../components/toast';
import { Histogram } from './histogram';
import { JobActions } from './job-actions';
import { JobClient, WorkStatus } from './job-client';
import { NearMisses } from './near-misses';
import { reasonText } from './reasons';
import { ResultRow } from './result-row';

const workspaceRoute = getRouteApi('/_protected');

/** What the results page runs (job-provider.ts `resultsPage`): the job, both lists, CSV and stars. */
export type JobResultsPage = ReturnType<ReturnType<typeof jobsLogic>['resultsPage']>;
const jobDeleted = msg`The job was deleted.`;
const resultsRoute = getRouteApi('/_protected/_agent/matchingJobResult/$jobUuid');

/** matchingJobResult/{uuid}: the run, its progress, and the ranked, explained candidates (PRODUCT.md §6). */
/**
 * `after`: what the route composes below the results (the job's timeline); `pipeline`: the pipeline
 * tab's content (the board, issue 42 major 4: its own place, not 5 000 px below the results);
 * `addToPipeline`: the pipeline's button for a row (the results' star became "add to pipeline").
 */
export function JobResults({
  page: parts,
  after,
  pipeline,
  addToPipeline,
}: {
  page: JobResultsPage;
  after?: ReactNode;
  pipeline?: ReactNode;
  addToPipeline?: (item: ResultItem) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { jobUuid } = resultsRoute.useParams();
  const search = resultsRoute.useSearch();
  const view = search.view ?? 'results';
  const navigate = useNavigate({ from: '/matchingJobResult/$jobUuid' });
  const { fields } = workspaceRoute.useLoaderData();
  const { results, nearMisses } = parts;
  const job = useActorRef(parts.job, { input: { uuid: jobUuid, fields: fields.job, asCompany: false } });
  // `job.duplicate` opens the editor on a copy: a navigation the machine asks of the page.
  useEffect(() => {
    const listener = job.on('job.openCopy', ({ uuid }) => {
      void navigate({ to: '/duplicate/$jobUuid', params: { jobUuid: uuid } });
    });
    // Deleted: this page has nothing left to show (its lists would answer "does not exist"); the
    // job list says what happened (issue 22).
    const ended = job.subscribe((state) => {
      if (!state.matches('deleted')) return;
      showToast(i18n._(jobDeleted));
      void navigate({ to: '/matchingJob', replace: true });
    });
    return () => {
      listener.unsubscribe();
      ended.unsubscribe();
    };
  }, [job, navigate, i18n]);
  // The minimum score applies as it is typed, after a pause; what is no score 0–100 is refused.
  const scoreFilter = useActorRef(scoreFilterMachine, { input: { minScore: search.minScore } });
  const scoreText = useSelector(scoreFilter, (s) => s.context.text);
  const scoreError = useSelector(scoreFilter, (s) => s.context.error);
  useEffect(() => {
    const listener = scoreFilter.on('score.apply', ({ minScore }) => {
      void navigate({ search: (prev) => ({ ...prev, page: 1, minScore }), replace: true });
    });
    return () => listener.unsubscribe();
  }, [scoreFilter, navigate]);
  const jobState = useSelector(job, (s) => s);
  const jobLoading = jobState.matches('starting') || jobState.matches('loading');
  // No such job (or not the agent's to see): the actions say so once, and nothing below asks the
  // server about it again — the filters, the results, the board and the timeline would each repeat it.
  const jobGone = jobState.matches('loadFailed') && retryCannotHelp(jobState.context.error ?? '');
  const list = useSelector(results, (s) => s);
  const page = resourceData<ResultsResponse>(list);
  const csv = useActorRef(parts.csv);
  const sending = useActorRef(parts.sending, { input: { job: jobUuid } });
  const chosen = useSelector(sending, (s) => s.context.selected);
  const csvBusy = useSelector(csv, (s) => s.hasTag('busy'));

  const setSearch = (patch: Partial<ResultsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });
  const title = String(jobState.context.job?.values.title ?? t`Matching results`);
  const progress = runProgress(jobState);
  const run = page?.run ?? null;
  const pages = page ? Math.max(1, Math.ceil(page.total / JOB_PAGE_SIZE)) : 1;
  const goToPage = (next: number) => navigate({ search: (prev) => ({ ...prev, page: next }) });

  return (
    <Screen title={title}>
      {jobState.context.job && (
        <p className="job-client-line">
          <Trans>Client:</Trans> <JobClient job={jobState.context.job} link /> ·{' '}
          <WorkStatus job={jobState.context.job} />
        </p>
      )}
      <JobActions job={job} />
      {jobGone && (
        <p>
          <Link to="/matchingJob">{t`Back to the jobs`}</Link>
        </p>
      )}
      {/* What follows waits for the job's own answer: the results often come first, and the client
          line and the actions then pushed the whole page down under the reader (CLS 0.13, issue 22). */}
      {!jobLoading && !jobGone && (
        <Tabs
          selectedKey={view}
          // A tab is a URL (`view`), so a follow-up's link opens the board and Back goes to the results.
          onSelectionChange={(key) =>
            navigate({
              search: (prev) => ({
                ...prev,
                view: key === 'pipeline' ? 'pipeline' : undefined,
                entry: undefined,
              }),
            })
          }
        >
          <TabList aria-label={t`Job views`}>
            <Tab id="results">
              <Trans>Results</Trans>
            </Tab>
            <Tab id="pipeline">
              <Trans>Pipeline</Trans>
            </Tab>
          </TabList>
          <TabPanel id="results">
            {progress !== null && (
              <div className="run-progress">
                <Progress
                  label={t`The run is in progress; the last results stay visible meanwhile.`}
                  value={progress}
                />
              </div>
            )}
            {jobState.matches({ active: 'failed' }) && (
              <p className="form-error" role="alert">
                <Trans>The last run failed. Please start it again.</Trans>
              </p>
            )}
            {run && jobState.context.criteriaChanged && progress === null && (
              <div className="notice run-stale" role="status">
                <p>
                  <Trans>
                    The criteria changed since this run: the results below are from the old criteria.
                  </Trans>
                </p>
                {jobState.can({ type: 'job.run' }) && (
                  <button type="button" className="button" onClick={() => job.send({ type: 'job.run' })}>
                    <Trans>Run again</Trans>
                  </button>
                )}
              </div>
            )}
            {run ? (
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
            ) : (
              list.matches('loaded') && (
                <p>
                  <Trans>This job has not run yet. Start a run to see the candidates who fit.</Trans>
                </p>
              )
            )}

            <form
              className="filters"
              onSubmit={(e) => e.preventDefault()}
              aria-label={t`Filter and sort the results`}
            >
              <Select
                label={t`Sort by`}
                selectedKey={search.sort}
                onSelectionChange={(key) =>
                  setSearch({ sort: key as ResultsSearch['sort'], order: undefined })
                }
                options={[
                  { id: 'score', label: t`Score` },
                  { id: 'name', label: t`Name` },
                  { id: 'distance', label: t`Distance` },
                ]}
              />
              <TextField
                label={t`Minimum score`}
                inputMode="decimal"
                value={scoreText}
                onChange={(text) => scoreFilter.send({ type: 'score.type', text })}
                errorMessage={scoreError ? t`Please enter a score from 0 to 100.` : undefined}
              />
              <Select
                label={t`Candidate type`}
                selectedKey={search.type ?? 'all'}
                onSelectionChange={(key) =>
                  setSearch({ type: key === 'all' ? undefined : (key as ResultsSearch['type']) })
                }
                options={[
                  { id: 'all', label: t`All` },
                  ...CANDIDATE_TYPES.map((type) => ({ id: type, label: type })),
                ]}
              />
              <button
                type="button"
                className="button"
                disabled={csvBusy || !page || page.total === 0}
                onClick={() => csv.send({ type: 'submission.submit', input: search })}
              >
                <Trans>Download CSV</Trans>
              </button>
            </form>

            <ResourceStatus
              resource={results}
              state={list}
              loaded={Boolean(page)}
              loading={t`Loading the results…`}
            />
            {page && run && page.items.length === 0 && (
              <p>
                <Trans>No candidate fits these filters.</Trans>
              </p>
            )}
            {page && page.items.length > 0 && (
              <SendToClient sending={sending} client={jobState.context.job?.client?.uuid ?? null} />
            )}
            {/* The rows (a react-aria checkbox each) are drawn in the background: the results' answer
              reaches this screen as a synchronous update, which drew all twenty in one long task. */}
            <Deferred>
              {page && page.items.length > 0 && (
                <div className="table-wrap" aria-busy={list.hasTag('busy')}>
                  <table className="results stack-table">
                    <caption className="visually-hidden">
                      <Trans>Candidates ranked by score</Trans>
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="visually-hidden">
                            <Trans>Selection</Trans>
                          </span>
                        </th>
                        <th scope="col">#</th>
                        <th scope="col">
                          <span className="visually-hidden">
                            <Trans>Photo</Trans>
                          </span>
                        </th>
                        <th scope="col">
                          <Trans>Name</Trans>
                        </th>
                        <th scope="col">
                          <Trans>City</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Score</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Strongest reasons</Trans>
                        </th>
                        {addToPipeline && (
                          <th scope="col">
                            <Trans>Pipeline</Trans>
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {page.items.map((item) => (
                        <ResultRow
                          key={item.uuid}
                          item={item}
                          jobUuid={jobUuid}
                          search={search}
                          action={addToPipeline?.(item)}
                          selected={chosen.some((c) => c.uuid === item.uuid)}
                          onSelect={(selected) =>
                            sending.send({
                              type: 'send.toggle',
                              candidate: {
                                uuid: item.uuid,
                                name: item.name,
                                consented: item.presentedByName === true,
                              },
                              selected,
                            })
                          }
                          reasons={item.reasons.map((r) => reasonText(i18n, r, fields.job))}
                          photo={<ProtectedImage src={item.thumbnail} alt="" size={40} className="avatar" />}
                        />
                      ))}
                    </tbody>
                  </table>
                  <p className="muted">
                    <Plural value={page.total} one="# candidate" other="# candidates" />
                  </p>
                  <Pagination page={shownPage(list, search.page)} pageCount={pages} onChange={goToPage} />
                </div>
              )}
            </Deferred>
            {/* Below the results, drawn in the background: the near misses and the timeline. */}
            <Deferred>
              <NearMisses list={nearMisses} />
              {after}
            </Deferred>
          </TabPanel>
          <TabPanel id="pipeline">{pipeline}</TabPanel>
        </Tabs>
      )}
    </Screen>
  );
}
