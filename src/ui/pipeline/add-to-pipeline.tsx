import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { PipelineBoardActor } from '../../machines/pipeline/pipeline-board.machine';
import { Button } from '../components/button';
import { stageLabel } from '../components/pipeline-stages';

// Apart from the board (./pipeline-board.tsx): each result row has one, while the board below the
// results loads after them (issue 22).

/** The results' button that puts a candidate into the job's pipeline (it was the shortlist's star). */
export function AddToPipeline({
  board,
  profile,
  name,
}: {
  board: PipelineBoardActor;
  profile: string;
  name: string;
}) {
  const { t, i18n } = useLingui();
  const entry = useSelector(board, (s) => s.context.entries.find((e) => e.profile.uuid === profile));
  const busy = useSelector(board, (s) => s.hasTag('busy'));
  if (entry) {
    return <span className="badge">{stageLabel(i18n, entry.stage)}</span>;
  }
  return (
    <Button
      variant="secondary"
      isDisabled={busy}
      aria-label={t`Add ${name} to the pipeline`}
      onPress={() => board.send({ type: 'board.add', profile })}
    >
      <Trans>Add</Trans>
    </Button>
  );
}
