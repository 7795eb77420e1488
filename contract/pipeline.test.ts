import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  answerStage,
  CLIENT_ANSWER_UNDO_MS,
  clientUndoAllowed,
  correctionClearsAnswer,
  followUpStatus,
  PipelineFollowUpSchema,
  sendMoves,
  UNDO_WINDOW_MS,
  undoRefusal,
} from './pipeline';
import { PipelineCorrectionSchema } from './pipeline-corrections';

// The rules of issue 42 beside the stage table (tests/support/pipeline-table.ts replays the moves and
// corrections): who may undo what and for how long, a company taking its answer back, what a send does.

const at = Date.parse('2026-11-29T10:00:00Z');
const minutes = (n: number) => n * 60 * 1000;

describe('undo of an agent’s move', () => {
  const last = { kind: 'agent' as const, by: 'anna', at };
  it('is the mover’s for ten minutes', () => {
    expect(UNDO_WINDOW_MS).toBe(minutes(10));
    expect(undoRefusal(last, 'anna', at)).toBeNull();
    expect(undoRefusal(last, 'anna', at + minutes(10))).toBeNull();
    expect(undoRefusal(last, 'anna', at + minutes(10) + 1)).toBe('pipeline.undo_expired');
  });
  it('is nobody else’s, and there is none after an addition, a send, an undo or a client’s answer', () => {
    expect(undoRefusal(last, 'ben', at)).toBe('pipeline.undo_not_yours');
    expect(undoRefusal({ ...last, kind: null }, 'anna', at)).toBe('pipeline.nothing_to_undo');
    expect(undoRefusal({ ...last, kind: 'client' }, 'anna', at)).toBe('pipeline.nothing_to_undo');
  });
});

describe('a company takes its answer back', () => {
  const last = { kind: 'client' as const, by: 'firma', at };
  it('within ten minutes of answering, while its answer was the last change', () => {
    expect(CLIENT_ANSWER_UNDO_MS).toBe(minutes(10));
    expect(clientUndoAllowed(last, at, at + minutes(10))).toBe(true);
    expect(clientUndoAllowed(last, at, at + minutes(10) + 1)).toBe(false);
    expect(clientUndoAllowed({ ...last, kind: 'agent' }, at, at)).toBe(false);
    expect(clientUndoAllowed({ ...last, kind: null }, at, at)).toBe(false);
    expect(clientUndoAllowed(last, null, at)).toBe(false);
  });
});

describe('what sends, answers and corrections do', () => {
  it('a send moves an open entry before submitted there, and no other', () => {
    expect(sendMoves('proposed', 'proposed')).toBe(true);
    expect(sendMoves('contacted', 'contacted')).toBe(true);
    expect(sendMoves('submitted', 'submitted')).toBe(false);
    expect(sendMoves('interview', 'interview')).toBe(false);
    expect(sendMoves('rejected', 'submitted')).toBe(false);
    expect(sendMoves('withdrawn', 'contacted')).toBe(false);
  });
  it('interested is an interview, not interested a rejection', () => {
    expect(answerStage('interested')).toBe('interview');
    expect(answerStage('not_interested')).toBe('rejected');
  });
  it('a correction to submitted or before takes the client’s answer back', () => {
    expect(['proposed', 'contacted', 'submitted'].every((s) => correctionClearsAnswer(s as never))).toBe(
      true,
    );
    expect(['interview', 'offer'].some((s) => correctionClearsAnswer(s as never))).toBe(false);
  });
  it('a correction names an open stage and a reason', () => {
    const ok = v.safeParse(PipelineCorrectionSchema, { to: 'contacted', reason: ' x ', version: 1 });
    expect(ok.success && ok.output.reason).toBe('x');
    const bare = v.safeParse(PipelineCorrectionSchema, { to: 'contacted', reason: '  ', version: 1 });
    expect(bare.issues?.map((i) => i.message)).toEqual(['pipeline.correction_reason_required']);
    expect(v.safeParse(PipelineCorrectionSchema, { to: 'placed', reason: 'x', version: 1 }).success).toBe(
      false,
    );
  });
});

describe('a follow-up: a day, an optional time and a note (issue 42 major 4)', () => {
  it('is due on its day whatever its time, overdue the day after', () => {
    // One today at 16:00 is due today, in the morning as after four.
    expect(followUpStatus('2026-11-29', '2026-11-29')).toBe('today');
    expect(followUpStatus('2026-11-28', '2026-11-29')).toBe('overdue');
    expect(followUpStatus('2026-11-30', '2026-11-29')).toBe('later');
  });

  it('takes a time and a note only with a day', () => {
    const codes = (body: unknown) =>
      (v.safeParse(PipelineFollowUpSchema, body).issues ?? []).map((i) => [
        i.path?.map((p) => p.key).join('.'),
        i.message,
      ]);
    expect(codes({ followUp: '2026-11-29', time: '16:00', note: 'Rückruf' })).toEqual([]);
    expect(codes({ followUp: '2026-11-29' })).toEqual([]);
    expect(codes({ followUp: null })).toEqual([]);
    expect(codes({ followUp: null, time: null, note: '  ' })).toEqual([]);
    expect(codes({ followUp: null, time: '16:00' })).toEqual([['time', 'pipeline.follow_up_day_required']]);
    expect(codes({ followUp: null, note: 'ohne Tag' })).toEqual([
      ['note', 'pipeline.follow_up_day_required'],
    ]);
    expect(codes({ followUp: '2026-11-29', time: '24:00' })).toEqual([
      ['time', 'pipeline.follow_up_time_invalid'],
    ]);
    expect(codes({ followUp: '2026-11-29', time: '7:30' })).toEqual([
      ['time', 'pipeline.follow_up_time_invalid'],
    ]);
  });
});
