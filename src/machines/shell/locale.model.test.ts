import { setupI18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../../contract/user-types';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  type ModelTable,
  recordVisits,
  replayPath,
  tableCoverage,
  tablePaths,
} from '../../../tests/support/model';
import { MemoryStorage } from '../../../tests/support/tokens';
import { LANGUAGE_KEY, localeMachine } from './locale.machine';

const catalog = { hello: 'Hallo' };

/**
 * The specification, by hand. `changeOther` asks for the language not shown, `changeSame` for the one
 * shown (refused when ready). The stored language is absent, so the machine starts on German.
 */
const table: ModelTable = {
  initial: 'loading',
  events: ['loaded', 'failed', 'changeOther', 'changeSame', 'retry'],
  states: {
    loading: {
      loaded: {
        target: 'ready',
        context: { language: 'de', requested: 'de', stored: 'de', lang: 'de' },
        tags: [],
      },
      failed: {
        target: 'failed',
        context: { language: 'de', requested: 'de', stored: null, lang: '' },
        tags: [],
      },
    },
    ready: {
      changeOther: {
        target: 'loading',
        context: { language: 'de', requested: 'en' },
        invoked: [{ src: 'loadCatalog', input: { language: 'en' } }],
        tags: ['busy'],
      },
    },
    failed: {
      retry: {
        target: 'loading',
        context: { requested: 'de' },
        invoked: [{ src: 'loadCatalog', input: { language: 'de' } }],
        tags: ['busy'],
      },
      changeOther: {
        target: 'loading',
        context: { language: 'de', requested: 'en' },
        invoked: [{ src: 'loadCatalog', input: { language: 'en' } }],
        tags: ['busy'],
      },
      changeSame: {
        target: 'loading',
        context: { language: 'de', requested: 'de' },
        invoked: [{ src: 'loadCatalog', input: { language: 'de' } }],
        tags: ['busy'],
      },
    },
  },
};

const paths = tablePaths(table);
const visited = new Set<string>();
const executed = new Set<string>();

function start() {
  const fx = deferredActors(['loadCatalog'] as const);
  const storage = new MemoryStorage();
  const doc = document.implementation.createHTMLDocument();
  const actor = createActor(localeMachine.provide({ actors: fx.actors }), {
    input: { i18n: setupI18n(), storage, document: doc },
    inspect: recordVisits(visited),
  }).start();
  const other = (l: Language): Language => (l === 'de' ? 'en' : 'de');
  // The first catalog request is made at start; the table's steps begin after it.
  const initialCalls = fx.calls.length;
  return {
    async send(event: string) {
      const language = actor.getSnapshot().context.language;
      if (event === 'loaded' && fx.pending('loadCatalog') > 0) fx.settle('loadCatalog', 'done', catalog);
      else if (event === 'failed' && fx.pending('loadCatalog') > 0)
        fx.settle('loadCatalog', 'error', new Error('offline'));
      else if (event === 'changeOther') actor.send({ type: 'locale.change', language: other(language) });
      else if (event === 'changeSame') actor.send({ type: 'locale.change', language });
      else if (event === 'retry') actor.send({ type: 'locale.retry' });
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      const { language, requested } = s.context;
      // What activating shows outside the machine: the stored choice and <html lang>.
      const shown = { stored: storage.getItem(LANGUAGE_KEY), lang: doc.documentElement.lang };
      return { value: s.value, context: { language, requested, ...shown }, tags: s.tags as Set<string> };
    },
    calls: () => fx.calls.slice(initialCalls).map((c) => ({ src: c.id, input: c.input })),
  };
}

describe('locale machine, against its expectation table', () => {
  afterAll(() => {
    process.stdout.write(tableCoverage('locale', table, localeMachine, executed).line);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    await replayPath(table, path, start, (actual, expected, what) => expect(actual, what).toEqual(expected));
    executed.add(name);
  });

  it('covered every state of the machine and every transition of the table', () => {
    const { states } = tableCoverage('locale', table, localeMachine, executed);
    expect([...visited].sort()).toEqual(states.sort());
    expect(Object.keys(table.states).sort()).toEqual(states.sort());
    expect([...executed].sort()).toEqual(paths.map((p) => p.name).sort());
  });

  it('starts in the stored language, German when none is stored', () => {
    const i18n = setupI18n();
    const doc = document.implementation.createHTMLDocument();
    expect(
      createActor(localeMachine, {
        input: { i18n, storage: new MemoryStorage(), document: doc },
      }).getSnapshot().context.language,
    ).toBe('de');
    const storage = new MemoryStorage();
    storage.setItem(LANGUAGE_KEY, 'en');
    expect(
      createActor(localeMachine, { input: { i18n, storage, document: doc } }).getSnapshot().context.language,
    ).toBe('en');
    storage.setItem(LANGUAGE_KEY, 'fr');
    expect(
      createActor(localeMachine, { input: { i18n, storage, document: doc } }).getSnapshot().context.language,
    ).toBe('de');
  });
});
