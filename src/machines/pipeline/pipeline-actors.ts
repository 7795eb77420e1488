import { createActor, fromPromise } from 'xstate';
import type { AttentionKind } from '../../../contract/attention-search';
import { localDay } from '../../../contract/local-day';
import type { PipelineEntry, PipelineStage, RejectedBy } from '../../../contract/pipeline';
import type { PipelineCorrection } from '../../../contract/pipeline-corrections';
import { fetchAttention, fetchAttentionList, markAnswerSeen } from '../../api/attention';
import {
  addToPipeline,
  correctEntry,
  fetchBoard,
  fetchCandidateJobs,
  fetchFollowUps,
  followUpDone,
  moveEntries,
  removeEntry,
  setFollowUp,
  undoMoves,
} from '../../api/pipeline';
import { reloadResources, resourceActor, visitResource } from '../shared/resource.machine';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { type FollowUpSave, type PipelineBoardActor, pipelineBoardMachine } from './pipeline-board.machine';

/** The user's calendar day (YYYY-MM-DD) in their time zone: what "due today" means. */
export function localToday(now = new Date()): string {
  return localDay(now);
}

/**
 * The pipeline feature's actors, all made here (STYLE.md "Layout"): a job's board (one actor per job,
 * shared by the board and the results' "add to pipeline" buttons), the jobs a candidate is in, the
 * follow-ups due (dashboard and the "today" list), and what needs the agent's attention (the
 * dashboard's counts, the lists of company answers and unanswered submissions, "seen").
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
      saveFollowUp: fromPromise(({ input }: { input: FollowUpSave }) =>
        'done' in input
          ? followUpDone(api, input.entry)
          : setFollowUp(api, input.entry, { followUp: input.date, time: input.time, note: input.note }),
      ),
      undoMoves: fromPromise(
        ({ input }: { input: { jobUuid: string; entries: { uuid: string; version: number }[] } }) =>
          undoMoves(api, input.jobUuid, { entries: input.entries }),
      ),
      correctEntry: fromPromise(
        ({ input }: { input: { entry: string; to: PipelineStage; reason: string; version: number } }) => {
          const { entry, ...body } = input;
          return correctEntry(api, entry, body as PipelineCorrection);
        },
      ),
      removeEntry: fromPromise(
        async ({ input }: { input: { entry: string; version: number; reason?: string } }) => {
          const { entry, ...body } = input;
          await removeEntry(api, entry, body);
          return entry;
        },
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
    /**
     * Cards of a job went to its client (the jobs provider's send): that job's board, if it is the one
     * open, loads again, so the sent entries show in `submitted` without a reload of the page.
     */
    candidatesSent(jobUuid: string): void {
      if (current?.jobUuid === jobUuid) current.board.send({ type: 'board.reload' });
    },
    /** The jobs a candidate is in, with their stage (the candidate's page). */
    candidateJobs: (profile: string) =>
      visitResource(
        resourceActor(api, `pipeline:candidate:${profile}`, () => fetchCandidateJobs(api, profile)),
        {},
      ),
    /** The caller's follow-ups due today or before, by the user's calendar day. */
    followUps: () => visitResource(followUps(), { today: localToday() }),
    /** The dashboard's attention counts (follow-ups by the user's calendar day), fresh on every visit. */
    attention: () =>
      visitResource(
        resourceActor(api, 'pipeline:attention', (query) => fetchAttention(api, String(query.today))),
        { today: localToday() },
      ),
    /** /pipeline/attention: company answers not seen yet, or submissions waiting for an answer. */
    attentionList: (kind: AttentionKind) =>
      visitResource(
        resourceActor(api, 'pipeline:attention-list', (query) =>
          fetchAttentionList(api, query.kind as AttentionKind),
        ),
        { kind },
      ),
    /** "Seen" on a company's answer: the list and the dashboard's counts load again. */
    markSeen: () =>
      submissionActor(async (entry: string) => {
        const seen = await markAnswerSeen(api, entry);
        reloadResources(api, 'pipeline:attention');
        return seen;
      }),
  };
});
