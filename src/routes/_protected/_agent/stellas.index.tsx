import { createFileRoute } from '@tanstack/react-router';
import { CandidateListSearchSchema } from '../../../../contract/candidate-search';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateListScreen } from '../../../ui/candidates/candidate-list';

export const Route = createFileRoute('/_protected/_agent/stellas/')({
  validateSearch: CandidateListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, deps }) => candidateLogic(context.logic).table('stella', deps),
  component: function StellasRoute() {
    const { list, fields } = Route.useLoaderData();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CandidateListScreen
        type="stella"
        list={list}
        fields={fields}
        search={search}
        onSearch={(patch, options) => navigate({ search: (prev) => ({ ...prev, ...patch }), ...options })}
      />
    );
  },
});
