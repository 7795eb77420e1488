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
});
