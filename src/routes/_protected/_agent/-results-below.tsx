import type { PipelineBoardActor } from '../../../machines/pipeline/pipeline-board.machine';
import type { TimelineLogic } from '../../../machines/timeline/timeline-actors';
import { Timeline } from '../../../ui/components/timeline';
import { PipelineBoard } from '../../../ui/pipeline/pipeline-board';

/**
 * What a job's results page shows below the results: the job's pipeline board and its timeline. The
 * route loads this module after the results are drawn (issue 22): the board's drag and drop and the
 * timeline's forms were a third of the code the page evaluated before it showed anything.
 */
export default function ResultsBelow({
  board,
  timeline,
}: {
  board: PipelineBoardActor;
  timeline: TimelineLogic;
}) {
  return (
    <>
      <PipelineBoard board={board} />
      <Timeline logic={timeline} />
    </>
  );
}
