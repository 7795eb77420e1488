// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ResourceActor, resourceMachine } from '../../machines/shared/resource.machine';
import { ResourceStatus } from './resource-status';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** A list whose answers the test gives one by one: each load waits for `answer` or `fail`. */
function scriptedList() {
  const pending: { resolve: (page: unknown) => void; reject: (error: unknown) => void }[] = [];
  const loads: unknown[] = [];
  const list = createActor(
    resourceMachine.provide({
      actors: {
        fetchData: fromPromise(
          ({ input }) =>
            new Promise((resolve, reject) => {
              loads.push(input);
              pending.push({ resolve, reject });
            }),
        ),
      },
    }),
  ).start();
  return {
    list,
    loads,
    answer: (page: unknown) => pending.shift()!.resolve(page),
    fail: (code: string) => pending.shift()!.reject({ code }),
  };
}

function Status({ list }: { list: ResourceActor }) {
  const state = list.getSnapshot();
  return (
    <ResourceStatus
      resource={list}
      state={state}
      loaded={state.context.data !== null}
      loading="Loading the jobs…"
    />
  );
}

function show(list: ResourceActor) {
  const view = render(
    <I18nProvider i18n={i18n}>
      <Status list={list} />
    </I18nProvider>,
  );
  return () =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <Status list={list} />
      </I18nProvider>,
    );
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

afterEach(cleanup);

describe('ResourceStatus', () => {
  it('names what loads until the first page, then shows nothing of the load', async () => {
    const { list, answer } = scriptedList();
    list.send({ type: 'resource.load', query: { page: 1 } });
    const refresh = show(list);
    expect(screen.getByRole('status').textContent).toBe('Loading the jobs…');
    answer({ items: [] });
    await flush();
    refresh();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the shown page without a skeleton while the next one loads, and says it loads', async () => {
    const { list, answer } = scriptedList();
    list.send({ type: 'resource.load', query: { page: 1 } });
    answer({ items: [1] });
    await flush();
    list.send({ type: 'resource.load', query: { page: 2 } });
    const refresh = show(list);
    expect(list.getSnapshot().hasTag('busy')).toBe(true);
    // A hanging server must not look like a search that found the old list (issue 22).
    expect(screen.getByRole('status').textContent).toBe('Loading the jobs…');
    expect(document.querySelector('.skeleton')).toBeNull();
    answer({ items: [2] });
    await flush();
    refresh();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why the load failed, in words, and its button loads the same query again', async () => {
    const { list, loads, fail, answer } = scriptedList();
    list.send({ type: 'resource.load', query: { page: 3 } });
    fail('network.unreachable');
    await flush();
    const refresh = show(list);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toContain('network.unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loads).toEqual([{ page: 3 }, { page: 3 }]);
    refresh();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading the jobs…');
    answer({ items: [] });
  });

  it.each(['job.not_found', 'pipeline.entry_not_found', 'auth.forbidden'])(
    'offers no retry where asking again cannot change the answer (%s): only the reason',
    async (code) => {
      const { list, loads, fail } = scriptedList();
      list.send({ type: 'resource.load', query: { page: 1 } });
      fail(code);
      await flush();
      show(list);
      expect(screen.getByRole('alert').textContent).not.toContain(code);
      expect(screen.queryByRole('button')).toBeNull();
      expect(loads).toHaveLength(1);
    },
  );

  it.each(['server.internal', 'server.busy', 'request.rate_limited'])(
    'offers the retry for a failure that may pass (%s)',
    async (code) => {
      const { list, fail } = scriptedList();
      list.send({ type: 'resource.load', query: { page: 1 } });
      fail(code);
      await flush();
      show(list);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  );
});
