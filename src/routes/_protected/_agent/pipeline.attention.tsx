import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AttentionSearchSchema } from '../../../../contract/attention-search';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { Screen } from '../../../ui/components/screen';
import { AttentionListScreen } from '../../../ui/pipeline/attention-list';

/** Two of the dashboard's attention lists: company answers not seen, submissions unanswered for 5 days. */
export const Route = createFileRoute('/_protected/_agent/pipeline/attention')({
  validateSearch: AttentionSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => ({
    list: pipelineLogic(context.logic).attentionList(deps.kind),
    seen: pipelineLogic(context.logic).markSeen(),
  }),
  component: function PipelineAttention() {
    const { t } = useLingui();
    const { list, seen } = Route.useLoaderData();
    const { kind } = Route.useSearch();
    return (
      <Screen title={kind === 'answers' ? t`Company answers` : t`Submissions without an answer`}>
        <AttentionListScreen kind={kind} list={list} seen={seen} />
      </Screen>
    );
  },
});
