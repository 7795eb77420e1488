// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as deMessages } from '../../locales/de.po';
import { messages as enMessages } from '../../locales/en.po';
import { timelineReferenceItems } from './timeline-references';

// Issue 42: the records a timeline entry names, each with the agents' page it links to; a record
// since deleted is named as gone and links nowhere.

const de = setupI18n({ locale: 'de', messages: { de: deMessages } });
const en = setupI18n({ locale: 'en', messages: { en: enMessages } });

describe("an entry's references", () => {
  it("links a candidate's job and its client to their pages", () => {
    expect(
      timelineReferenceItems(de, {
        job: { uuid: 'j1', name: 'Lagerhelfer' },
        company: { uuid: 'c1', name: 'Rheinwerk Bau GmbH' },
      }),
    ).toEqual([
      {
        kind: 'job',
        role: 'Job',
        text: 'Lagerhelfer',
        link: { to: '/matchingJobResult/$jobUuid', params: { jobUuid: 'j1' } },
      },
      {
        kind: 'company',
        role: 'Kunde',
        text: 'Rheinwerk Bau GmbH',
        link: { to: '/companies/view/$uuid', params: { uuid: 'c1' } },
      },
    ]);
  });

  it("links a job's candidate to the page of their type", () => {
    const [nova] = timelineReferenceItems(en, { profile: { uuid: 'p1', name: 'Nora Neu', type: 'nova' } });
    expect(nova).toEqual({
      kind: 'profile',
      role: 'Candidate',
      text: 'Nora Neu',
      link: { to: '/novas/view/$uuid', params: { uuid: 'p1' } },
    });
    expect(
      timelineReferenceItems(en, { profile: { uuid: 'p2', name: 'S', type: 'stella' } })[0]?.link?.to,
    ).toBe('/stellas/view/$uuid');
  });

  it('names a deleted person, job or company as gone, without a link', () => {
    const gone = timelineReferenceItems(de, {
      job: { uuid: null, name: null },
      profile: { uuid: null, name: null, type: null },
      company: { uuid: null, name: null },
    });
    expect(gone.map(({ text, link }) => [text, link])).toEqual([
      ['gelöschter Job', null],
      ['gelöschte Person', null],
      ['gelöschtes Unternehmen', null],
    ]);
    expect(timelineReferenceItems(en, { profile: { uuid: null, name: null, type: null } })[0]?.text).toBe(
      'deleted person',
    );
  });

  it('names a record without a name for what it is, and an entry naming nothing has no references', () => {
    expect(timelineReferenceItems(de, { profile: { uuid: 'p1', name: ' ', type: 'luna' } })[0]?.text).toBe(
      'Person ohne Namen',
    );
    expect(timelineReferenceItems(de, {})).toEqual([]);
  });
});
