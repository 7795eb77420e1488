import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { NearMissesResponse, ResultItem, ResultsResponse } from '../../../contract/job';
import type { ResultsSearch } from '../../../contract/job-search';
import type { JobActor } from '../../machines/jobs/job-lifecycle.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import type { SendToClientActor } from '../../machines/submissions/send-to-client.machine';
import { Staged } from '../components/deferred';
import { ResourceStatus } from '../components/resource-status';
import { NearMisses } from './near-misses';
import { type CsvActor, ResultsFilters, type ScoreFilterActor } from './results-filters';
import { RankedList } from './results-ranked-list';
import { RunStatus, RunSummary } from './results-run';
import { SendSelection } from './results-send';

/**
 * The results tab, one part per concern, each reading its own actor (issue 43): a change redraws its
 * part, not the page. First the run and its score histogram (the largest element); in the next tasks
 * the filters, then the first rows, the other rows a few at a time, and last the near misses and
 * `after` (the job's timeline, whose code the route loads apart).
 */
export function ResultsView({
  job,
  results,
  nearMisses,
  search,
  jobUuid,
  scoreFilter,
  csv,
  sending,
  addToPipeline,
  after,
}: {
  job: JobActor;
  results: Resource<ResultsResponse>;
  nearMisses: Resource<NearMissesResponse>;
  search: ResultsSearch;
  jobUuid: string;
  scoreFilter: ScoreFilterActor;
  csv: CsvActor;
  sending: SendToClientActor;
  addToPipeline?: ((item: ResultItem) => ReactNode) | undefined;
  after?: ReactNode;
}) {
  return (
    <>
      <RunStatus job={job} results={results} />
      <RunSummary results={results} />
      {/* Each in a task of its own after the run's figures: the filters' two selects build their options
          in a synchronous render each (react-aria's collections), and the rows follow below them. */}
      <Staged>
        <ResultsFilters search={search} results={results} scoreFilter={scoreFilter} csv={csv} />
      </Staged>
      <Staged>
        <ResultsLoading results={results} />
        <SendSelectionWhenResults results={results} sending={sending} job={job} />
        <RankedList
          results={results}
          search={search}
          jobUuid={jobUuid}
          sending={sending}
          addToPipeline={addToPipeline}
          below={
            <>
              <NearMisses list={nearMisses} />
              {after}
            </>
          }
        />
      </Staged>
    </>
  );
}

function ResultsLoading({ results }: { results: Resource<ResultsResponse> }) {
  const { t } = useLingui();
  const state = useSelector(results, (s) => s);
  return (
    <ResourceStatus
      resource={results}
      state={state}
      loaded={resourceData(state) !== null}
      loading={t`Loading the results…`}
    />
  );
}

/** The send button, over a page with results. */
function SendSelectionWhenResults({
  results,
  sending,
  job,
}: {
  results: Resource<ResultsResponse>;
  sending: SendToClientActor;
  job: JobActor;
}) {
  const any = useSelector(results, (s) => (resourceData(s)?.items.length ?? 0) > 0);
  return any ? <SendSelection sending={sending} job={job} /> : null;
}
