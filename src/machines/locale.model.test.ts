import { setupI18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../contract/user-types';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { MemoryStorage } from '../../tests/support/tokens';
import { LANGUAGE_KEY, localeMachine } from './locale.machine';

const catalogs: Record<Language, Record<string, string>> = { de: { hello: 'Hallo' }, en: { hello: 'Hello' } };

const model = machineModel(localeMachine, {
  input: {
    i18n: setupI18n(),
    storage: new MemoryStorage(),
    document: document.implementation.createHTMLDocument(),
  },
  events: [
    { type: 'xstate.done.actor.loadCatalog', output: {} } as never,
    { type: 'xstate.error.actor.loadCatalog', error: new Error('offline') } as never,
    { type: 'locale.change', language: 'en' },
    { type: 'locale.change', language: 'de' },
    { type: 'locale.retry' },
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('locale machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `locale model: ${visited.size} states visited of ${stateNodePaths(localeMachine).length}, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const storage = new MemoryStorage();
    const doc = document.implementation.createHTMLDocument();
    const i18n = setupI18n();
    // Each catalog request waits until the path says whether it arrives or fails.
    const pending: { language: Language; resolve: () => void; reject: (e: Error) => void }[] = [];
    const machine = localeMachine.provide({
      actors: {
        loadCatalog: fromPromise(
          ({ input }: { input: { language: Language } }) =>
            new Promise((resolve, reject) => {
              pending.push({
                language: input.language,
                resolve: () => resolve(catalogs[input.language]),
                reject,
              });
            }),
        ),
      },
    });
    const actor = createActor(machine, {
      input: { i18n, storage, document: doc },
      inspect: recordVisits(visited),
    });
    actor.start();
    for (const { event, expected } of path.steps) {
      if ((event.type as string) === 'xstate.done.actor.loadCatalog') pending.shift()?.resolve();
      else if ((event.type as string) === 'xstate.error.actor.loadCatalog')
        pending.shift()?.reject(new Error('offline'));
      else actor.send(event);
      await new Promise((r) => setTimeout(r, 0));
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw snapshot.error;
      expect(snapshot.value).toEqual(expected.value);
      if (snapshot.matches('ready')) {
        // The shown language is active, remembered and announced to assistive technology.
        const language = snapshot.context.language;
        expect(i18n.locale).toBe(language);
        expect(i18n._('hello')).toBe(catalogs[language].hello);
        expect(storage.getItem(LANGUAGE_KEY)).toBe(language);
        expect(doc.documentElement.lang).toBe(language);
      }
      if (snapshot.matches('loading')) expect(snapshot.hasTag('busy')).toBe(true);
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(localeMachine).sort());
    expect(executed).toBe(paths.length);
    expect(paths.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'loading --xstate.done.actor.loadCatalog--> ready',
        'loading --xstate.error.actor.loadCatalog--> failed',
        'ready --locale.change--> loading',
        'failed --locale.retry--> loading',
        'failed --locale.change--> loading',
      ]),
    );
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
