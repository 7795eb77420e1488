import { createActor, fromPromise } from 'xstate';
import { TIMELINE } from '../../../contract/endpoints/timeline';
import { localDay } from '../../../contract/local-day';
import type { TimelineEntry, TimelineSubject } from '../../../contract/timeline';
import { send } from '../../api/client';
import { areaLogic } from '../shell/app-logic';
import { type TimelineActor, timelineMachine } from './timeline.machine';
import { timelineAddForm, timelineNoteForm } from './timeline-forms.machine';

const KEEP = 20;

/**
 * The timelines of candidates, companies and jobs (PRODUCT.md §10). A page that shows one asks
 * `timelineLogic(app).of(subject, uuid)` in its feature's provider: the timeline actor (kept per
 * subject across navigations and read afresh on every visit), the add form, whose success reads
 * the first page again, and the edit form of one note, whose save replaces the entry.
 */
export const timelineLogic = areaLogic(({ api }) => {
  const kept = new Map<string, TimelineActor>();
  const timelineOf = (subject: TimelineSubject, uuid: string): TimelineActor => {
    const key = `${subject}:${uuid}`;
    const known = kept.get(key);
    if (known) {
      known.send({ type: 'timeline.changed' });
      return known;
    }
    const actor = createActor(
      timelineMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input }) =>
            send(api, TIMELINE.page, { params: { subject: input.subject, uuid: input.uuid }, query: input }),
          ),
        },
      }),
      { input: { subject, uuid } },
    ).start();
    kept.set(key, actor);
    if (kept.size > KEEP) {
      const [oldest, old] = kept.entries().next().value as [string, TimelineActor];
      old.stop();
      kept.delete(oldest);
    }
    return actor;
  };

  return {
    of: (subject: TimelineSubject, uuid: string) => {
      const timeline = timelineOf(subject, uuid);
      const add = createActor(
        timelineAddForm.withCall(async (body) => {
          const entry = await send(api, TIMELINE.add, { params: { subject, uuid }, body });
          timeline.send({ type: 'timeline.changed' });
          return entry;
        }),
        { input: { values: { at: localDay() } } },
      ).start();
      /** The edit form's machine for one note, started with its text. */
      const editNote = (entry: TimelineEntry) =>
        timelineNoteForm.withCall(async ({ text }) => {
          const saved = await send(api, TIMELINE.editNote, {
            params: { subject, uuid, entry: entry.uuid },
            body: { text },
          });
          timeline.send({ type: 'timeline.saved', entry: saved });
          return saved;
        });
      return { timeline, add, editNote };
    },
  };
});

export type TimelineLogic = ReturnType<ReturnType<typeof timelineLogic>['of']>;
