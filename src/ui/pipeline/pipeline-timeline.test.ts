// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../contract/timeline';
import { eventText } from '../components/timeline-events';

// Issue 42 on the timelines: a correction shows with its reason, an undo and a company's taken-back
// answer say what they were, and a removal names itself with its reason.

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const entry = (action: string, details: Record<string, unknown>): TimelineEntry => ({
  uuid: 'e1',
  kind: 'event',
  action,
  text: null,
  details,
  references: {},
  fields: [],
  author: null,
  at: '2026-11-29T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  editedAt: null,
  editableUntil: null,
});

describe('corrections, undos and removals on a timeline', () => {
  it('says which kind of change a stage change was, with the reason of a correction', () => {
    const text = (details: Record<string, unknown>) =>
      eventText(i18n, entry('stage.changed', details), 'job');
    expect(
      text({ from: 'offer', to: 'contacted', change: 'correction', reason: 'Falsch gezogen' }).detail,
    ).toBe('Offer → Contacted (stage corrected: Falsch gezogen)');
    expect(text({ from: 'interview', to: 'proposed', change: 'undo' }).detail).toBe(
      'Interview → Proposed (move undone)',
    );
    expect(text({ from: 'rejected', to: 'submitted', change: 'answer_withdrawn' }).detail).toBe(
      'Rejected → Submitted (answer taken back by the client)',
    );
  });
  it('names a removal and its reason', () => {
    expect(
      eventText(i18n, entry('pipeline.removed', { stage: 'contacted', reason: 'Doppelt' }), 'job'),
    ).toEqual({
      title: 'Removed from the pipeline',
      detail: 'Reason: Doppelt',
    });
  });
});
