// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry, TimelineField } from '../../../contract/timeline';
import { messages as deMessages } from '../../locales/de.po';
import { messages as enMessages } from '../../locales/en.po';
import { eventText } from './timeline-events';
import { timelineFieldNames } from './timeline-fields';

// Issue 42: an edit on a timeline names its fields as the agents' forms do, in the reader's language,
// never by their keys. The labels come with the entry (the catalogue's, read by the server).

const de = setupI18n({ locale: 'de', messages: { de: deMessages } });
const en = setupI18n({ locale: 'en', messages: { en: enMessages } });

const ABOUT: TimelineField = { key: 'about', label: { de: 'Über mich', en: 'About me' } };
const AVAILABLE: TimelineField = {
  key: 'available_from',
  label: { de: 'Verfügbar ab', en: 'Available from' },
};
const GONE: TimelineField = { key: 'shoe_size', label: null };

const edit = (action: string, fields: TimelineField[]): TimelineEntry => ({
  uuid: 'e1',
  kind: 'event',
  action,
  text: null,
  details: { fields: fields.map((f) => f.key) },
  references: {},
  fields,
  author: { uuid: 'a1', email: 'agent@matchwerk.example' },
  at: '2026-11-24T10:00:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  editableUntil: null,
});

describe('the fields of an edit on the timeline', () => {
  it('names a candidate edit\'s fields by their labels, "about" as an agent reads it, in German', () => {
    expect(eventText(de, edit('profile.edited', [ABOUT, AVAILABLE]), 'profile')).toEqual({
      title: 'Profil bearbeitet',
      detail: 'Felder: Über die Person, Verfügbar ab',
    });
  });

  it('names them in English for an English reader', () => {
    expect(eventText(en, edit('profile.edited', [ABOUT, AVAILABLE]), 'profile').detail).toBe(
      'Fields: About the person, Available from',
    );
  });

  it("takes a company's or a job's field by its own label: only a candidate's about is the person's", () => {
    const description: TimelineField = { key: 'about', label: { de: 'Über uns', en: 'About us' } };
    expect(timelineFieldNames(de, 'company', [description])).toBe('Über uns');
    expect(timelineFieldNames(en, 'company', [description])).toBe('About us');
  });

  it("names a job form's criteria and client, which are no catalogue fields", () => {
    const parts = [
      { key: 'criteria', label: null },
      { key: 'client', label: null },
    ];
    expect(timelineFieldNames(de, 'job', parts)).toBe('Kriterien, Kunde');
    expect(timelineFieldNames(en, 'job', parts)).toBe('Criteria, Client');
  });

  it('never shows a key: a field no form has any more is named as such', () => {
    expect(timelineFieldNames(de, 'profile', [GONE])).toBe('ein Feld, das es im Formular nicht mehr gibt');
    expect(timelineFieldNames(en, 'profile', [GONE])).toBe('a field no longer in the form');
    expect(timelineFieldNames(en, 'company', [{ key: 'criteria', label: null }])).not.toContain('criteria');
  });
});
