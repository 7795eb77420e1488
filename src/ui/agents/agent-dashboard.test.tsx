// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentDashboard as Dashboard } from '../../../contract/agent';
import { AGENTS } from '../../../contract/endpoints/agents';
import { resourceActor } from '../../machines/shared/resource-registry';
import { AgentDashboard } from './agent-dashboard';

// Issue 23: the agent's dashboard shows retention's deletions due in the next 30 days (PRODUCT.md §8),
// who and when, each a link to the record; nothing due says so in words.

const zero = { luna: 0, stella: 0, nova: 0 };
const figures = (deletionsDue: Dashboard['deletionsDue']): Dashboard => ({
  counts: { ...zero, company: 0 },
  newThisWeek: 0,
  newThisWeekByType: zero,
  unassigned: 0,
  assignedToMe: 0,
  unassignedByType: zero,
  assignedToMeByType: zero,
  activeJobs: 0,
  runsInFlight: 0,
  lastRuns: [],
  deletionsDue,
});

/** The dashboard over a loaded resource answering `data`, inside a router (its figures are links). */
async function show(data: Dashboard) {
  const list = resourceActor({}, { route: AGENTS.dashboard }, async () => data);
  list.send({ type: 'resource.load', query: {} });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <AgentDashboard list={list} /> }),
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  render(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return screen.findByRole('region', { name: 'Deletions in the next 30 days' });
}

describe("the agent's dashboard: deletions due", () => {
  afterEach(cleanup);

  it('lists who is deleted when, soonest first, each linked to the record', async () => {
    const section = await show(
      figures({
        total: 12,
        items: [
          {
            kind: 'candidate',
            type: 'nova',
            uuid: 'p-1',
            name: 'Nora Neu',
            dueAt: '2026-12-03T10:00:00.000Z',
          },
          {
            kind: 'company',
            type: 'company',
            uuid: 'c-1',
            name: 'Alt GmbH',
            dueAt: '2026-12-10T10:00:00.000Z',
          },
          // An agent-kept profile whose name is empty still shows, and still links.
          { kind: 'candidate', type: 'stella', uuid: 'p-2', name: null, dueAt: '2026-12-20T10:00:00.000Z' },
        ],
      }),
    );
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Nora Neu · Nova · deleted on Dec 3, 2026',
      'Alt GmbH · Company · deleted on Dec 10, 2026',
      'Unnamed · Stella · deleted on Dec 20, 2026',
    ]);
    expect(within(section).getByRole('link', { name: 'Nora Neu' }).getAttribute('href')).toBe(
      '/novas/view/p-1',
    );
    expect(within(section).getByRole('link', { name: 'Alt GmbH' }).getAttribute('href')).toBe(
      '/companies/view/c-1',
    );
    expect(within(section).getByRole('link', { name: 'Unnamed' }).getAttribute('href')).toBe(
      '/stellas/view/p-2',
    );
    // The answer holds the first 10 of 12: the rest is counted.
    expect(section.textContent).toContain('and 9 more');
  });

  it('says that nothing is due when nothing is', async () => {
    const section = await show(figures({ total: 0, items: [] }));
    expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
    expect(section.textContent).toContain('No account or profile is due for deletion in the next 30 days.');
  });
});
