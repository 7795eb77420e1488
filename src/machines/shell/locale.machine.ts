import type { I18n, Messages } from '@lingui/core';
import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { LANGUAGE_KEY } from '../../../contract/storage-keys';
import { DEFAULT_LANGUAGE, type Language, LanguageSchema } from '../../../contract/user-types';
import { fetchCatalog } from '../../api/i18n';

export { LANGUAGE_KEY };

export function storedLanguage(storage: Storage): Language {
  const parsed = v.safeParse(LanguageSchema, storage.getItem(LANGUAGE_KEY));
  return parsed.success ? parsed.output : DEFAULT_LANGUAGE;
}

export interface LocaleInput {
  i18n: I18n;
  storage?: Storage;
  document?: Document;
}

interface LocaleContext {
  i18n: I18n;
  storage: Storage;
  document: Document;
  /** The language shown (or about to be). */
  language: Language;
  /** The language being loaded. */
  requested: Language;
}

/** Which language the UI shows: loads its catalog on demand, persists the choice, sets <html lang>. */
export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    input: {} as LocaleInput,
    events: {} as { type: 'locale.change'; language: Language } | { type: 'locale.retry' },
  },
  actors: {
    loadCatalog: fromPromise<Messages, { language: Language }>(({ input, signal }) =>
      fetchCatalog(input.language, signal),
    ),
  },
  actions: {
    request: assign(({ event }) => {
      assertEvent(event, 'locale.change');
      return { requested: event.language };
    }),
    activate: assign(({ context }, messages: Messages) => {
      context.i18n.loadAndActivate({ locale: context.requested, messages });
      context.storage.setItem(LANGUAGE_KEY, context.requested);
      context.document.documentElement.lang = context.requested;
      return { language: context.requested };
    }),
  },
  guards: {
    isOtherLanguage: ({ context, event }) =>
      event.type === 'locale.change' && event.language !== context.language,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => {
    const storage = input.storage ?? localStorage;
    const language = storedLanguage(storage);
    return { i18n: input.i18n, storage, document: input.document ?? document, language, requested: language };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ language: context.requested }),
        onDone: { target: 'ready', actions: { type: 'activate', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: {
      on: { 'locale.change': { guard: 'isOtherLanguage', target: 'loading', actions: 'request' } },
    },
    failed: {
      on: {
        'locale.retry': 'loading',
        'locale.change': { target: 'loading', actions: 'request' },
      },
    },
  },
});

export type LocaleActor = ActorRefFrom<typeof localeMachine>;
