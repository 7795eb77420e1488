import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { retryCannotHelp } from '../../../contract/errors';
import type { ResultItem } from '../../../contract/job';
import type { jobsLogic } from '../../machines/jobs/job-provider';
import { scoreFilterMachine } from '../../machines/jobs/score-filter.machine';
import { Screen } from '../components/screen';
import { Tab, TabList, TabPanel, Tabs } from '../components/tabs';
import { showToast } from '../components/toast';
import { JobActions } from './job-actions';
import { JobClient, WorkStatus } from './job-client';
import { ResultsPanel } from './results-panel';
import { ResultsView } from './results-view';

const workspaceRoute = getRouteApi('/_protected');

/** What the results page runs (job-provider.ts `resultsPage`): the job, both lists, CSV and stars. */
export type JobResultsPage = ReturnType<ReturnType<typeof jobsLogic>['resultsPage']>;
const jobDeleted = msg`The job was deleted.`;
const resultsRoute = getRouteApi('/_protected/_agent/matchingJobResult/$jobUuid');

/**
 * matchingJobResult/{uuid}: the run, its progress, and the ranked, explained candidates (PRODUCT.md §6).
 * This is the page's frame — the job's title, client and actions, and the tabs; the results tab's
 * parts are in ./results-*.tsx (issue 43: one part per concern, each reading its own actor).
 *
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
  // The minimum score applies as it is typed, after a pause; what is no score 0–100 is refused. The
  // filter, the CSV download and the selection to send live as long as the page, across its tabs.
  const scoreFilter = useActorRef(scoreFilterMachine, { input: { minScore: search.minScore } });
  useEffect(() => {
    const listener = scoreFilter.on('score.apply', ({ minScore }) => {
      void navigate({ search: (prev) => ({ ...prev, page: 1, minScore }), replace: true });
    });
    return () => listener.unsubscribe();
  }, [scoreFilter, navigate]);
  const csv = useActorRef(parts.csv);
  const sending = useActorRef(parts.sending, { input: { job: jobUuid } });
  // Only what the frame shows: the results tab's parts read the job and the lists themselves, so that
  // their changes do not redraw the tabs (react-aria's tab panel walks its content after each render).
  const shown = useSelector(job, (s) => s.context.job);
  const jobLoading = useSelector(job, (s) => s.matches('starting') || s.matches('loading'));
  // No such job (or not the agent's to see): the actions say so once, and nothing below asks the
  // server about it again — the filters, the results, the board and the timeline would each repeat it.
  const jobGone = useSelector(job, (s) => s.matches('loadFailed') && retryCannotHelp(s.context.error ?? ''));
  const title = String(shown?.values.title ?? t`Matching results`);

  return (
    <Screen title={title}>
      {shown && (
        <p className="job-client-line">
          <Trans>Client:</Trans> <JobClient job={shown} link /> · <WorkStatus job={shown} />
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
        <>
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
            <TabPanel id="pipeline">{pipeline}</TabPanel>
          </Tabs>
          {view === 'results' && (
            <ResultsPanel>
              <ResultsView
                job={job}
                results={parts.results}
                nearMisses={parts.nearMisses}
                search={search}
                jobUuid={jobUuid}
                scoreFilter={scoreFilter}
                csv={csv}
                sending={sending}
                addToPipeline={addToPipeline}
                after={after}
              />
            </ResultsPanel>
          )}
        </>
      )}
    </Screen>
  );
}
