// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { JobSubmissions, Submission } from '../../../contract/submissions';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { companyLogic } from '../../machines/companies/company-actors';
import { createAppLogic } from '../../machines/shell/app-logic';
import { ClientSubmissionsScreen } from './client-submissions';

// The mail's link to one card (issue 42, `?card=MW-…`) opens the company's page on that card: it is
// scrolled to, marked and focused; without a link no card takes the focus.

const JOB = '00000000-0000-4000-8000-0000000000b1';
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const scrolled: Element[] = [];

const card = (reference: string) => ({
  title: 'Card',
  name: `Reference ${reference}`,
  subtitle: 'Warehouse worker',
  rows: [],
  note: '',
});
const candidate = (uuid: string, reference: string): Submission => ({
  uuid,
  reference,
  card: 'anonymised',
  cards: { de: card(reference), en: card(reference) },
  submittedAt: '2026-11-24T10:00:00.000Z',
  status: 'awaiting',
  comment: null,
  answeredAt: null,
  changeableUntil: null,
});
const answer: JobSubmissions = {
  job: { uuid: JOB, title: 'Forklift driver', status: 'active' },
  items: [
    candidate('00000000-0000-4000-8000-0000000000e1', 'MW-AAAAAA'),
    candidate('00000000-0000-4000-8000-0000000000e2', 'MW-BBBBBB'),
  ],
};

function screenFor(focus: string | undefined) {
  const api = {
    async call<T>(path: string): Promise<T> {
      if (path === `/api/client/job/${JOB}/submissions`) return answer as T;
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as Parameters<typeof createAppLogic>[0];
  const session = createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();
  const logic = companyLogic(createAppLogic(api, session)).clientSubmissions(JOB);
  // The screen links back to the dashboard: a router of one route holds it.
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ClientSubmissionsScreen logic={logic} focus={focus} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  });
}

beforeAll(() => {
  // jsdom lays nothing out: the scroll is recorded.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  cleanup();
  scrolled.length = 0;
});

describe("the company's page of a job, opened from the mail", () => {
  it('scrolls to, marks and focuses the card the link names', async () => {
    await screenFor('MW-BBBBBB');
    const named = await screen.findByRole('article', { name: 'Reference MW-BBBBBB' });
    await waitFor(() => expect(document.activeElement).toBe(named));
    expect(named.id).toBe('card-MW-BBBBBB');
    expect(named.className).toContain('client-card-focused');
    expect(scrolled).toEqual([named]);
    const other = screen.getByRole('article', { name: 'Reference MW-AAAAAA' });
    expect(other.className).not.toContain('client-card-focused');
  });

  it('focuses no card without a link', async () => {
    await screenFor(undefined);
    await screen.findByRole('article', { name: 'Reference MW-BBBBBB' });
    expect(document.activeElement).toBe(document.body);
    expect(scrolled).toEqual([]);
  });
});
