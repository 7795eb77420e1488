import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { Screen } from '../../../ui/components/screen';
import { FollowUps } from '../../../ui/pipeline/follow-ups';

/** The "today" list: every follow-up due today or before, of the agent's jobs and their own. */
export const Route = createFileRoute('/_protected/_agent/pipeline/today')({
  loader: ({ context }) => pipelineLogic(context.logic).followUps(),
  component: function PipelineToday() {
    const { t } = useLingui();
    const list = Route.useLoaderData();
    return (
      <Screen title={t`Today`}>
        <FollowUps list={list} />
      </Screen>
    );
  },
});
