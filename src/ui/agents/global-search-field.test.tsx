// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { GlobalSearchResponse } from '../../../contract/search';
import { globalSearchMachine } from '../../machines/agents/global-search.machine';
import { GlobalSearchField } from './global-search-field';

// jsdom has no CSS.escape, which react-aria's list box uses to find an option by its key.
if (!globalThis.CSS?.escape) {
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) },
  });
}

const HITS: GlobalSearchResponse = {
  q: 'kranz',
  candidates: [
    { uuid: 'p1', type: 'stella', name: 'Maria Kranz', email: null, city: null, matched: 'name' },
    {
      uuid: 'p2',
      type: 'stella',
      name: 'Jonas Weber',
      email: 'kranz.fan@mail.test',
      city: null,
      matched: 'email',
    },
  ],
  companies: [{ uuid: 'c1', name: 'Floristik Meyer', email: null, city: null, matched: 'website' }],
  jobs: [
    { uuid: 'j1', title: 'Kranzbinder', company: null, status: 'active', matched: 'title' },
    { uuid: 'j2', title: 'Lagerist', company: 'Kranz', status: 'active', matched: 'company' },
  ],
};

describe('the global search says which field a hit matched (issue 42)', () => {
  afterEach(cleanup);

  it('names the field under a hit found by another than its name, and nothing under a name or title', async () => {
    const actor = createActor(
      globalSearchMachine.provide({ actors: { search: fromPromise(async () => HITS) } }),
      { input: {} },
    ).start();
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <GlobalSearchField actor={actor} takeFocus={false} /> }),
      history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
    });
    render(
      <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    const field = await screen.findByRole('combobox');
    act(() => field.focus());
    await act(async () => {
      fireEvent.change(field, { target: { value: 'kranz' } });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Maria Kranz',
      'Jonas Weberkranz.fan@mail.testMatch in: E-mail',
      'Floristik MeyerMatch in: Website',
      'Kranzbinder',
      'LageristKranzMatch in: Company',
    ]);
    actor.stop();
  });
});
