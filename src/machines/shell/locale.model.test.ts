// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { afterEach, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../../contract/user-types';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  type ModelTable,
  runningChildren,
} from '../../../tests/support/model';
import { MemoryStorage } from '../../../tests/support/tokens';
import type * as LocaleModule from './locale.machine';

const catalog = { hello: 'Hallo' };
const english = { hello: 'Hello' };

/**
 * The specification, by hand. `changeOther` asks for the language not shown, `changeSame` for the one
 * shown (refused when ready). The stored language is absent, so the machine starts on German.
 */
const table: ModelTable = {
  rules: { '*': 'SEED §9 languages' },
  initial: 'loading',
  events: ['loaded', 'failed', 'changeOther', 'changeSame', 'retry'],
  states: {
    loading: {
      // The catalog is activated in the language asked for, stored, and set on <html lang>.
      loaded: {
        target: 'ready',
        context: { language: 'de', requested: 'de', stored: 'de', lang: 'de', active: 'de', says: 'Hallo' },
        tags: [],
      },
      failed: {
        target: 'failed',
        context: { language: 'de', requested: 'de', stored: null, lang: '', active: null, running: [] },
        tags: [],
      },
    },
    ready: {
      changeOther: {
        target: 'loading#en',
        context: { language: 'de', requested: 'en', running: ['loadCatalog'] },
        invoked: [{ src: 'loadCatalog', input: { language: 'en' } }],
        tags: ['busy'],
      },
    },
    // English asked for while German shows: German stays until the catalog arrives.
    'loading#en': {
      loaded: {
        target: 'ready#en',
        context: { language: 'en', requested: 'en', stored: 'en', lang: 'en', active: 'en', says: 'Hello' },
        tags: [],
      },
      failed: {
        target: 'failed#en',
        context: { language: 'de', requested: 'en', stored: 'de', lang: 'de', active: 'de', says: 'Hallo' },
        tags: [],
      },
    },
    // English shows: asking for English again loads nothing.
    'ready#en': {},
    'failed#en': {
      changeOther: {
        target: 'loading#en',
        context: { language: 'de', requested: 'en' },
        invoked: [{ src: 'loadCatalog', input: { language: 'en' } }],
        tags: ['busy'],
      },
      // Back to the language shown: its catalog is loaded again.
      changeSame: {
        target: 'loading',
        context: { language: 'de', requested: 'de' },
        invoked: [{ src: 'loadCatalog', input: { language: 'de' } }],
        tags: ['busy'],
      },
      // A retry asks again for the language that failed.
      retry: {
        target: 'loading#en',
        context: { language: 'de', requested: 'en', running: ['loadCatalog'] },
        invoked: [{ src: 'loadCatalog', input: { language: 'en' } }],
        tags: ['busy'],
      },
    },
    failed: {
      retry: {
        target: 'loading',
        context: { requested: 'de', running: ['loadCatalog'] },
        invoked: [{ src: 'loadCatalog', input: { language: 'de' } }],
        tags: ['busy'],
      },
      changeOther: {
        target: 'loading#en',
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

function start({ localeMachine, LANGUAGE_KEY }: typeof LocaleModule, inspect?: Inspector) {
  const fx = deferredActors(['loadCatalog'] as const);
  const storage = new MemoryStorage();
  const doc = document.implementation.createHTMLDocument();
  const i18n = setupI18n();
  const actor = createActor(localeMachine.provide({ actors: fx.actors }), {
    input: { i18n, storage, document: doc },
    inspect,
  }).start();
  const other = (l: Language): Language => (l === 'de' ? 'en' : 'de');
  // The first catalog request is made at start; the table's steps begin after it.
  const initialCalls = fx.calls.length;
  return {
    async send(event: string) {
      const language = actor.getSnapshot().context.language;
      if (event === 'loaded' && fx.pending('loadCatalog') > 0)
        fx.settle('loadCatalog', 'done', actor.getSnapshot().context.requested === 'en' ? english : catalog);
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
      // and the catalog Lingui shows (its locale, and what a message says in it).
      const shown = {
        stored: storage.getItem(LANGUAGE_KEY),
        lang: doc.documentElement.lang,
        active: i18n.locale || null,
        says: i18n.locale ? i18n._('hello') : null,
        running: runningChildren(s),
      };
      return { value: s.value, context: { language, requested, ...shown }, tags: s.tags as Set<string> };
    },
    calls: () => fx.calls.slice(initialCalls).map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'locale',
  load: () => import('./locale.machine'),
  machines: (m) => [m.localeMachine],
  tables: [{ table, start }],
  everyTransition: true,
  // The table has a row for every state.
  rowForEveryLeafBut: [],
  more: (module) => {
    afterEach(() => vi.unstubAllGlobals());

    it("loads a language's catalog from the app's assets unless the app provides the loader", async () => {
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string | URL | Request) => {
        asked.push(String(url instanceof Request ? url.url : url));
        return new Response(JSON.stringify({ messages: english }), {
          headers: { 'content-type': 'application/json' },
        });
      });
      const storage = new MemoryStorage();
      storage.setItem(module().LANGUAGE_KEY, 'en');
      const i18n = setupI18n();
      const actor = createActor(module().localeMachine, {
        input: { i18n, storage, document: document.implementation.createHTMLDocument() },
      }).start();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
      expect(asked).toEqual(['/assets/i18n/en.json']);
      expect(i18n._('hello')).toBe('Hello');
    });

    it('starts in the stored language, German when none is stored', () => {
      const { localeMachine, LANGUAGE_KEY } = module();
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
        createActor(localeMachine, { input: { i18n, storage, document: doc } }).getSnapshot().context
          .language,
      ).toBe('en');
      storage.setItem(LANGUAGE_KEY, 'fr');
      expect(
        createActor(localeMachine, { input: { i18n, storage, document: doc } }).getSnapshot().context
          .language,
      ).toBe('de');
    });
  },
});
