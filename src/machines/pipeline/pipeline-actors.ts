import { createActor, fromPromise } from 'xstate';
import type { AttentionKind } from '../../../contract/attention-search';
import { ATTENTION } from '../../../contract/endpoints/attention';
import { PIPELINE } from '../../../contract/endpoints/pipeline';
import { localDay } from '../../../contract/local-day';
import type { PipelineEntry, PipelineStage, RejectedBy } from '../../../contract/pipeline';
import type { PipelineCorrection } from '../../../contract/pipeline-corrections';
import { send } from '../../api/client';
import { resourceActor, visitResource } from '../shared/resource-registry';
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
        items: (await send(api, PIPELINE.board, { params: { uuid: input.jobUuid } })).items,
      })),
      addEntry: fromPromise(({ input }: { input: { jobUuid: string; profile: string } }) =>
        send(api, PIPELINE.add, { params: { uuid: input.jobUuid, profile: input.profile } }),
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
          return send(api, PIPELINE.moveMany, { params: { uuid: jobUuid }, body }).then(
            (answer) => answer.items,
          );
        },
      ),
      saveFollowUp: fromPromise(({ input }: { input: FollowUpSave }) =>
        'done' in input
          ? send(api, PIPELINE.followUpDone, { params: { entry: input.entry } })
          : send(api, PIPELINE.followUp, {
              params: { entry: input.entry },
              body: { followUp: input.date, time: input.time, note: input.note },
            }),
      ),
      undoMoves: fromPromise(
        ({ input }: { input: { jobUuid: string; entries: { uuid: string; version: number }[] } }) =>
          send(api, PIPELINE.undo, {
            params: { uuid: input.jobUuid },
            body: { entries: input.entries },
          }).then((answer) => answer.items),
      ),
      correctEntry: fromPromise(
        ({ input }: { input: { entry: string; to: PipelineStage; reason: string; version: number } }) => {
          const { entry, ...body } = input;
          return send(api, PIPELINE.correct, { params: { entry }, body: body as PipelineCorrection });
        },
      ),
      removeEntry: fromPromise(
        async ({ input }: { input: { entry: string; version: number; reason?: string } }) => {
          const { entry, ...body } = input;
          await send(api, PIPELINE.remove, { params: { entry }, body });
          return entry;
        },
      ),
    },
  });
  let current: { jobUuid: string; board: PipelineBoardActor } | null = null;
  const followUps = () =>
    resourceActor(api, { route: PIPELINE.followUps }, (query) =>
      send(api, PIPELINE.followUps, { query: { today: String(query.today) } }),
    );

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
        resourceActor(api, { route: PIPELINE.candidateJobs, params: { uuid: profile } }, () =>
          send(api, PIPELINE.candidateJobs, { params: { uuid: profile } }),
        ),
        {},
      ),
    /** The caller's follow-ups due today or before, by the user's calendar day. */
    followUps: () => visitResource(followUps(), { today: localToday() }),
    /** The dashboard's attention counts (follow-ups by the user's calendar day), fresh on every visit. */
    attention: () =>
      visitResource(
        resourceActor(api, { route: ATTENTION.counts }, (query) =>
          send(api, ATTENTION.counts, { query: { today: String(query.today) } }),
        ),
        { today: localToday() },
      ),
    /** /pipeline/attention: company answers not seen yet, or submissions waiting for an answer. */
    attentionList: (kind: AttentionKind) =>
      visitResource(
        resourceActor(api, { route: ATTENTION.list }, (query) =>
          send(api, ATTENTION.list, { query: { kind: query.kind as AttentionKind } }),
        ),
        { kind },
      ),
    /** "Seen" on a company's answer: the list and the dashboard's counts load again (its route's `invalidates`). */
    markSeen: () =>
      submissionActor((entry: string) => send(api, ATTENTION.answerSeen, { params: { entry } })),
  };
});
