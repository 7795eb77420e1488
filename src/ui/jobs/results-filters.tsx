import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ResultsResponse } from '../../../contract/job';
import type { ResultsSearch } from '../../../contract/job-search';
import { CANDIDATE_TYPES } from '../../../contract/user-types';
import type { scoreFilterMachine } from '../../machines/jobs/score-filter.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';
import type { JobResultsPage } from './job-results';

export type ScoreFilterActor = ActorRefFrom<typeof scoreFilterMachine>;
export type CsvActor = ActorRefFrom<JobResultsPage['csv']>;

/** Sort, minimum score and candidate type (the URL's query) and the CSV download of the results. */
export function ResultsFilters({
  search,
  results,
  scoreFilter,
  csv,
}: {
  search: ResultsSearch;
  results: Resource<ResultsResponse>;
  scoreFilter: ScoreFilterActor;
  csv: CsvActor;
}) {
  const { t } = useLingui();
  const navigate = useNavigate({ from: '/matchingJobResult/$jobUuid' });
  const scoreText = useSelector(scoreFilter, (s) => s.context.text);
  const scoreError = useSelector(scoreFilter, (s) => s.context.error);
  const csvBusy = useSelector(csv, (s) => s.hasTag('busy'));
  const nothing = useSelector(results, (s) => (resourceData(s)?.total ?? 0) === 0);
  const setSearch = (patch: Partial<ResultsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });

  return (
    <form
      className="filters"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t`Filter and sort the results`}
    >
      <Select
        label={t`Sort by`}
        selectedKey={search.sort}
        onSelectionChange={(key) => setSearch({ sort: key as ResultsSearch['sort'], order: undefined })}
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
        disabled={csvBusy || nothing}
        onClick={() => csv.send({ type: 'submission.submit', input: search })}
      >
        <Trans>Download CSV</Trans>
      </button>
    </form>
  );
}
