import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import type { ResultItem, ResultsResponse } from '../../../contract/job';
import { JOB_PAGE_SIZE, type ResultsSearch } from '../../../contract/job-search';
import { type Resource, resourceData, shownPage } from '../../machines/shared/resource.machine';
import type { SendToClientActor } from '../../machines/submissions/send-to-client.machine';
import { Deferred } from '../components/deferred';
import { nextTask } from '../components/next-task';
import { Pagination } from '../components/pagination';
import { ProtectedImage } from '../components/protected-image';
import { reasonText } from './reasons';
import { ResultRow } from './result-row';
import { SendTick } from './results-send';

const workspaceRoute = getRouteApi('/_protected');

/**
 * The rows the page's first render draws on a phone; the others follow a few at a time, each group in a
 * task of its own (issue 43: the twenty rows, each with a router link, a tick and the pipeline's
 * button, were one long task of a phone's main thread, whose screen shows three of them). Only where
 * the rows are stacked cards (jobs.css, `.stack-table`): in a table the columns' widths follow every
 * row, so rows arriving later moved the ones drawn sideways (a layout shift on a desk's screen, whose
 * CPU draws the twenty at once anyway).
 */
const FIRST_ROWS = 4;
const MORE_ROWS = 4;
const STACKED = '(max-width: 40rem)';

/** How many of `total` rows to draw: a few more in each task after the first, all of them from then on. */
function useRowsDrawn(total: number): number {
  const [drawn, setDrawn] = useState(() =>
    window.matchMedia(STACKED).matches ? FIRST_ROWS : Number.POSITIVE_INFINITY,
  );
  useEffect(() => {
    if (drawn >= total) return;
    let gone = false;
    void nextTask().then(() => {
      if (!gone) startTransition(() => setDrawn((n) => n + MORE_ROWS));
    });
    return () => {
      gone = true;
    };
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/**
 * The ranked, explained candidates of the URL's page, their number and the pages. `below` (the near
 * misses, the timeline) comes once every row is drawn: drawn earlier, it would move down under the
 * reader as the rows arrive.
 */
export function RankedList({
  results,
  search,
  jobUuid,
  sending,
  addToPipeline,
  below,
}: {
  results: Resource<ResultsResponse>;
  search: ResultsSearch;
  jobUuid: string;
  sending: SendToClientActor;
  addToPipeline?: ((item: ResultItem) => ReactNode) | undefined;
  below: ReactNode;
}) {
  const list = useSelector(results, (s) => s);
  const page = resourceData(list);
  const items = page?.items ?? [];
  const drawn = useRowsDrawn(items.length);
  const navigate = useNavigate({ from: '/matchingJobResult/$jobUuid' });
  const pages = page ? Math.max(1, Math.ceil(page.total / JOB_PAGE_SIZE)) : 1;
  const goToPage = (next: number) => navigate({ search: (prev) => ({ ...prev, page: next }) });
  return (
    <>
      {page?.run && items.length === 0 && (
        <p>
          <Trans>No candidate fits these filters.</Trans>
        </p>
      )}
      {/* On a change of the query the rows are drawn in the background (`Deferred`): the results' answer
          reaches this screen as a synchronous update, which drew all twenty in one long task. */}
      <Deferred>
        {page && items.length > 0 && (
          <div className="table-wrap" aria-busy={list.hasTag('busy')}>
            <table className="results stack-table">
              <RankedListHead pipeline={addToPipeline !== undefined} />
              <tbody>
                {items.slice(0, drawn).map((item) => (
                  <RankedRow
                    key={item.uuid}
                    item={item}
                    jobUuid={jobUuid}
                    search={search}
                    sending={sending}
                    action={addToPipeline?.(item)}
                  />
                ))}
              </tbody>
            </table>
            {drawn === items.length && (
              <>
                <p className="muted">
                  <Plural value={page.total} one="# candidate" other="# candidates" />
                </p>
                <Pagination page={shownPage(list, search.page)} pageCount={pages} onChange={goToPage} />
              </>
            )}
          </div>
        )}
      </Deferred>
      {drawn === items.length && <Deferred>{below}</Deferred>}
    </>
  );
}

function RankedRow({
  item,
  jobUuid,
  search,
  sending,
  action,
}: {
  item: ResultItem;
  jobUuid: string;
  search: ResultsSearch;
  sending: SendToClientActor;
  action: ReactNode;
}) {
  const { i18n } = useLingui();
  const { fields } = workspaceRoute.useLoaderData();
  return (
    <ResultRow
      item={item}
      jobUuid={jobUuid}
      search={search}
      action={action}
      tick={<SendTick sending={sending} item={item} />}
      reasons={item.reasons.map((r) => reasonText(i18n, r, fields.job))}
      photo={<ProtectedImage src={item.thumbnail} alt="" size={40} className="avatar" />}
    />
  );
}

function RankedListHead({ pipeline }: { pipeline: boolean }) {
  return (
    <>
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
          {pipeline && (
            <th scope="col">
              <Trans>Pipeline</Trans>
            </th>
          )}
        </tr>
      </thead>
    </>
  );
}
