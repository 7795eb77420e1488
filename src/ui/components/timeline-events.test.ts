// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../contract/timeline';
import { eventText } from './timeline-events';

// A job's pipeline history outlives a deleted person (PRODUCT.md §8): the move shows, marked
// anonymised, and nothing of the reason that was removed with them.

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const entry = (details: Record<string, unknown>): TimelineEntry => ({
  uuid: 'e1',
  kind: 'event',
  action: 'stage.changed',
  text: null,
  details,
  references: {},
  fields: [],
  author: null,
  at: '2026-11-24T10:00:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  editableUntil: null,
});

describe("a job's stage change on its timeline", () => {
  it('names the move and, for a person since deleted, that it is anonymised', () => {
    expect(eventText(i18n, entry({ from: 'offer', to: 'placed', anonymised: true }), 'job').detail).toBe(
      'Offer → Placed · anonymised',
    );
  });

  it('names the reason of a move of someone who is still there', () => {
    expect(
      eventText(
        i18n,
        entry({ from: 'submitted', to: 'rejected', by: 'client', reason: 'too far', profile: 'p1' }),
        'job',
      ).detail,
    ).toBe('Submitted → Rejected (by the client: too far)');
  });

  it("names the contact whose login answered (decision 0031), after the answer's reason", () => {
    const answer = { answer: 'interested', company: 'Mainsoft AG', contact: 'Priya Nair', profile: 'p1' };
    expect(eventText(i18n, entry({ from: 'submitted', to: 'interview', ...answer }), 'job').detail).toBe(
      'Submitted → Interview · answered by Priya Nair',
    );
    const refused = { ...answer, answer: 'not_interested', by: 'client', reason: 'too far' };
    expect(eventText(i18n, entry({ from: 'submitted', to: 'rejected', ...refused }), 'job').detail).toBe(
      'Submitted → Rejected (by the client: too far) · answered by Priya Nair',
    );
    // The main login's answer names nobody.
    const main = { answer: 'interested', company: 'Mainsoft AG', profile: 'p1' };
    expect(eventText(i18n, entry({ from: 'submitted', to: 'interview', ...main }), 'job').detail).toBe(
      'Submitted → Interview',
    );
  });
});

describe("a card downloaded, on the candidate's timeline", () => {
  const download = (format: string) =>
    eventText(i18n, { ...entry({ format }), action: 'card.downloaded' }, 'profile').detail;

  it('marks the anonymised card, in the words before migration 0037 too; the full card needs no mark', () => {
    expect(download('anonymised')).toBe('anonymised');
    expect(download('anonymous')).toBe('anonymised');
    expect(download('full')).toBeNull();
    expect(download('pdf')).toBeNull();
  });
});

describe('a follow-up done on a timeline (issue 42 major 4)', () => {
  it('names the day, the time in the reader’s language and the note it had', () => {
    const done = {
      ...entry({ day: '2026-11-24', time: '16:00', note: 'call back' }),
      action: 'follow_up.done',
    };
    expect(eventText(i18n, done, 'job')).toEqual({
      title: 'Follow-up done',
      detail: 'Nov 24, 2026 at 4:00 PM: call back',
    });
    const bare = { ...entry({ day: '2026-11-24' }), action: 'follow_up.done' };
    expect(eventText(i18n, bare, 'profile').detail).toBe('Nov 24, 2026');
  });
});

describe('a send to the client on its timeline', () => {
  it('shows the contact and the personal line the mail carried (issue 42)', () => {
    const sent = {
      ...entry({ contact: 'Dr. Anna Krüger', count: 2, note: 'Wie besprochen.' }),
      action: 'card.sent',
    };
    expect(eventText(i18n, sent, 'job')).toEqual({
      title: 'Card sent',
      detail: 'Contact: Dr. Anna Krüger · Personal line: “Wie besprochen.”',
    });
    const plain = { ...entry({ contact: 'Dr. Anna Krüger', count: 2 }), action: 'card.sent' };
    expect(eventText(i18n, plain, 'job').detail).toBe('Contact: Dr. Anna Krüger');
  });
});
