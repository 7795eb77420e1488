import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { JobPageSearchSchema } from '../../../../contract/job-search';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { timelineLogic } from '../../../machines/timeline/timeline-actors';
import { JobResults } from '../../../ui/jobs/job-results';
import { AddToPipeline } from '../../../ui/pipeline/add-to-pipeline';

// The timeline below the results and the pipeline board in its own tab (./-results-below.tsx): their
// code is fetched with the page but evaluated and drawn after the results, in tasks of their own
// (issue 22).
const ResultsBelow = lazy(() => import('./-results-below'));

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  validateSearch: JobPageSearchSchema,
  // The view and the focused entry are no part of the results' query: switching tabs loads nothing.
  loaderDeps: ({ search: { view: _view, entry: _entry, ...results } }) => results,
  // The URL is the table's state: every change of it becomes the resource machine's query. The board
  // and the timeline start loading with the page.
  loader: ({ context, params, deps }) => ({
    page: jobsLogic(context.logic).resultsPage(params.jobUuid, deps),
    timeline: timelineLogic(context.logic).of('job', params.jobUuid),
    board: pipelineLogic(context.logic).board(params.jobUuid),
  }),
  component: function JobResultsRoute() {
    const { jobUuid } = Route.useParams();
    const { entry } = Route.useSearch();
    const { page, timeline, board } = Route.useLoaderData();
    // Another job is another job actor: its state starts afresh. The results tab has the job's
    // timeline below; each result row gets the pipeline's "add" button. The pipeline tab is the board
    // (scrolled to `entry`, if named) and the timeline.
    const pending = <div className="results-below-pending" aria-busy="true" />;
    return (
      <JobResults
        key={jobUuid}
        page={page}
        addToPipeline={(item) => <AddToPipeline board={board} profile={item.uuid} name={item.name} />}
        after={
          <Suspense fallback={pending}>
            <ResultsBelow timeline={timeline} />
          </Suspense>
        }
        pipeline={
          <Suspense fallback={pending}>
            <ResultsBelow board={board} focus={entry} timeline={timeline} />
          </Suspense>
        }
      />
    );
  },
});
