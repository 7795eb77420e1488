import { Suspense } from 'react';
import type { PipelineBoardActor } from '../../../machines/pipeline/pipeline-board.machine';
import type { TimelineLogic } from '../../../machines/timeline/timeline-actors';
import { Timeline } from '../../../ui/components/timeline';
import { PipelineBoard } from '../../../ui/pipeline/pipeline-board';

/**
 * What a job's page draws after its first screen: the job's timeline (below the results) and, in the
 * pipeline tab, the board above it (`focus`: the entry a follow-up's link names). The route loads this
 * module after the results are drawn (issue 22): the board's drag and drop and the timeline's forms
 * were a third of the code the page evaluated before it showed anything.
 */
export default function ResultsBelow({
  board,
  focus,
  timeline,
}: {
  board?: PipelineBoardActor;
  focus?: string | undefined;
  timeline: TimelineLogic;
}) {
  return (
    <>
      {board && <PipelineBoard board={board} focus={focus} />}
      {/* Its own boundary: the timeline's code loading must not hide the board (and its focused card). */}
      <Suspense fallback={null}>
        <Timeline logic={timeline} />
      </Suspense>
    </>
  );
}
