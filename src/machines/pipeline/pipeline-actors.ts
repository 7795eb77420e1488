import { createActor, fromPromise } from 'xstate';
import type { PipelineEntry, PipelineStage, RejectedBy } from '../../../contract/pipeline';
import { localDay } from '../../api/local-day';
import {
  addToPipeline,
  fetchBoard,
  fetchCandidateJobs,
  fetchFollowUps,
  moveEntries,
  setFollowUp,
} from '../../api/pipeline';
import { resourceActor, visitResource } from '../shared/resource.machine';
import { areaLogic } from '../shell/app-logic';
import { type PipelineBoardActor, pipelineBoardMachine } from './pipeline-board.machine';

/** The user's calendar day (YYYY-MM-DD) in their time zone: what "due today" means. */
export function localToday(now = new Date()): string {
  return localDay(now);
}

/**
 * The pipeline feature's actors, all made here (STYLE.md "Layout"): a job's board (one actor per job,
 * shared by the board and the results' "add to pipeline" buttons), the jobs a candidate is in, and
 * the follow-ups due (dashboard and the "today" list).
 */
export const pipelineLogic = areaLogic(({ api }) => {
  const boardMachine = pipelineBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(async ({ input }: { input: { jobUuid: string } }) => ({
        items: (await fetchBoard(api, input.jobUuid)).items,
      })),
      addEntry: fromPromise(({ input }: { input: { jobUuid: string; profile: string } }) =>
        addToPipeline(api, input.jobUuid, input.profile),
      ),
      moveEntries: fromPromise(
        ({
          input,
        }: {
          input: {
            jobUuid: string;
            entries: { uuid: string; version: number }[];
            to: PipelineStage;
            by?: RejectedBy;
            reason?: string;
          };
        }): Promise<PipelineEntry[]> => {
          const { jobUuid, ...body } = input;
          return moveEntries(api, jobUuid, body);
        },
      ),
      saveFollowUp: fromPromise(({ input }: { input: { entry: string; date: string | null } }) =>
        setFollowUp(api, input.entry, input.date),
      ),
    },
  });
  let current: { jobUuid: string; board: PipelineBoardActor } | null = null;
  const followUps = () =>
    resourceActor(api, 'pipeline:follow-ups', (query) => fetchFollowUps(api, String(query.today)));

  return {
    /** The board of a job, fresh on every visit; the same actor while the job's page stays open. */
    board(jobUuid: string): PipelineBoardActor {
      if (current?.jobUuid === jobUuid) {
        current.board.send({ type: 'board.reload' });
        return current.board;
      }
      current?.board.stop();
      current = { jobUuid, board: createActor(boardMachine, { input: { jobUuid } }).start() };
      return current.board;
    },
    /** The jobs a candidate is in, with their stage (the candidate's page). */
    candidateJobs: (profile: string) =>
      visitResource(
        resourceActor(api, `pipeline:candidate:${profile}`, () => fetchCandidateJobs(api, profile)),
        {},
      ),
    /** The caller's follow-ups due today or before, by the user's calendar day. */
    followUps: () => visitResource(followUps(), { today: localToday() }),
  };
});
