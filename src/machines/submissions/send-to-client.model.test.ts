import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  type ModelTable,
  observed,
  sendsAndAnswers,
} from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as SendModule from './send-to-client.machine';

/**
 * Sending candidates to a job's client (issue 21), written by hand. The agent ticks Anna; without a
 * tick, or for a job without client, the dialog does not open. Opening loads the client's contacts
 * and preselects the default one (the second of the list here); the preview and the send carry the
 * job, the chosen contact and the ticked candidates; a refusal keeps the dialog where it was with the
 * server's code; a sent mail clears the selection. Closing is refused while the mail is on its way.
 * The personal line (issue 42) goes with the preview and the send; one too long keeps the preview back.
 */
/** Anna consented to be presented by name: the agent may choose her full card. */
const anna = { uuid: 'p-anna', name: 'Anna Müller', consented: true };
const contacts = [
  { uuid: 'c-en', name: 'Sam Taylor', isDefault: false, language: 'en' },
  { uuid: 'c-de', name: 'Jana Schmidt', isDefault: true, language: 'de' },
];
const request = { job: 'job-1', body: { contact: 'c-de', candidates: ['p-anna'] } };
const preview = {
  to: { name: 'Jana Schmidt', email: 'jana@x.example' },
  language: 'de',
  subject: 'S',
  text: 'T',
  attachments: [],
};
const result = { ...preview, sentAt: '2026-11-24T07:00:00.000Z' };
const NOTE = 'Wie besprochen.';
// Typed with spaces around: the context keeps it as typed, the request carries it trimmed.
const noted = { note: ` ${NOTE} `, noteError: null, preview: null };
const tooLong = { note: 'x'.repeat(501), noteError: 'field.too_long', preview: null };

const loading = {
  target: 'open.loading',
  invoked: [{ src: 'loadContacts', input: { client: 'client-1' } }],
  context: { error: null },
  tags: ['busy'],
};
const backToOne = { target: 'idle#one', context: { selected: [anna], error: null }, tags: [] };

const table: ModelTable = {
  rules: { '*': 'PRODUCT §10 the client loop' },
  initial: 'idle',
  initialContext: {
    selected: [],
    contact: null,
    note: '',
    noteError: null,
    preview: null,
    sent: null,
    error: null,
  },
  initialTags: [],
  events: [
    'select',
    'unselect',
    'open',
    'openWithoutClient',
    'chooseUnknown',
    'chooseDefault',
    'full',
    'anonymised',
    'note',
    'noteTooLong',
    'loaded',
    'loadFailed',
    'retry',
    'preview',
    'previewed',
    'previewRefused',
    'confirm',
    'sent',
    'sendRefused',
    'back',
    'close',
  ],
  states: {
    idle: { select: { target: 'idle#one', context: { selected: [anna] }, tags: [] } },
    'idle#one': {
      select: { target: 'idle#one', context: { selected: [anna] }, tags: [] },
      unselect: { target: 'idle', context: { selected: [] }, tags: [] },
      open: loading,
    },
    'open.loading': {
      loaded: { target: 'open.choosing', context: { contacts, contact: 'c-de' }, tags: [] },
      loadFailed: { target: 'open.loadFailed', context: { error: 'network.unreachable' }, tags: [] },
      close: backToOne,
    },
    'open.loadFailed': { retry: loading, close: backToOne },
    'open.choosing': {
      // Choosing a contact of the list (here the default again) takes it and forgets any preview.
      chooseDefault: { target: 'open.choosing', context: { contact: 'c-de', preview: null }, tags: [] },
      preview: {
        target: 'open.previewing',
        invoked: [{ src: 'previewMail', input: request }],
        context: { error: null },
        tags: ['busy'],
      },
      // Anna's full card: the preview and the send name her in `full`.
      full: { target: 'open.choosing#full', context: { selected: [{ ...anna, full: true }] }, tags: [] },
      anonymised: { target: 'open.choosing', context: { selected: [{ ...anna, full: false }] }, tags: [] },
      note: { target: 'open.choosing#note', context: noted, tags: [] },
      noteTooLong: { target: 'open.choosing#tooLong', context: tooLong, tags: [] },
      close: backToOne,
    },
    'open.choosing#note': {
      note: { target: 'open.choosing#note', context: noted, tags: [] },
      noteTooLong: { target: 'open.choosing#tooLong', context: tooLong, tags: [] },
      chooseDefault: { target: 'open.choosing#note', context: { contact: 'c-de', preview: null }, tags: [] },
      full: { target: 'open.choosing#full', context: { selected: [{ ...anna, full: true }] }, tags: [] },
      anonymised: {
        target: 'open.choosing#note',
        context: { selected: [{ ...anna, full: false }] },
        tags: [],
      },
      // The line goes with the preview (and the send after it).
      preview: {
        target: 'open.previewing#note',
        invoked: [{ src: 'previewMail', input: { ...request, body: { ...request.body, note: NOTE } } }],
        context: { error: null },
        tags: ['busy'],
      },
      close: { target: 'idle#one', context: { selected: [anna], note: ` ${NOTE} `, error: null }, tags: [] },
    },
    'open.previewing#note': {},
    // Too long: the field says why, and the preview waits until the line is short enough.
    'open.choosing#tooLong': {
      note: { target: 'open.choosing#note', context: noted, tags: [] },
      noteTooLong: { target: 'open.choosing#tooLong', context: tooLong, tags: [] },
      chooseDefault: {
        target: 'open.choosing#tooLong',
        context: { contact: 'c-de', preview: null },
        tags: [],
      },
      full: { target: 'open.choosing#tooLong', context: { selected: [{ ...anna, full: true }] }, tags: [] },
      anonymised: {
        target: 'open.choosing#tooLong',
        context: { selected: [{ ...anna, full: false }] },
        tags: [],
      },
      close: backToOne,
    },
    'open.choosing#full': {
      note: { target: 'open.choosing#full', context: noted, tags: [] },
      noteTooLong: { target: 'open.choosing#tooLong', context: tooLong, tags: [] },
      full: { target: 'open.choosing#full', context: { selected: [{ ...anna, full: true }] }, tags: [] },
      chooseDefault: { target: 'open.choosing#full', context: { contact: 'c-de', preview: null }, tags: [] },
      // Closing keeps the selection with the card chosen.
      close: { target: 'idle#one', context: { selected: [{ ...anna, full: true }], error: null }, tags: [] },
      anonymised: { target: 'open.choosing', context: { selected: [{ ...anna, full: false }] }, tags: [] },
      preview: {
        target: 'open.previewing#full',
        invoked: [{ src: 'previewMail', input: { ...request, body: { ...request.body, full: ['p-anna'] } } }],
        context: { error: null },
        tags: ['busy'],
      },
    },
    'open.previewing#full': {},
    'open.previewing': {
      previewed: { target: 'open.previewed', context: { preview, error: null }, tags: [] },
      previewRefused: {
        target: 'open.choosing',
        context: { error: 'card.consent_missing', preview: null },
        tags: [],
      },
      close: backToOne,
    },
    'open.previewed': {
      confirm: {
        target: 'open.sending',
        invoked: [{ src: 'sendMail', input: request }],
        context: { error: null },
        tags: ['busy'],
      },
      back: { target: 'open.choosing', context: { error: null }, tags: [] },
      close: backToOne,
    },
    'open.sending': {
      sent: { target: 'open.sent', context: { sent: result, selected: [], error: null }, tags: [] },
      sendRefused: {
        target: 'open.previewed',
        context: { error: 'contact.no_email', selected: [anna] },
        tags: [],
      },
    },
    'open.sent': { close: { target: 'idle', context: { selected: [] }, tags: [] } },
  },
};

function start({ sendToClientMachine }: typeof SendModule, inspect?: Inspector) {
  const fx = deferredActors(['loadContacts', 'previewMail', 'sendMail'] as const);
  const actor = createActor(sendToClientMachine.provide({ actors: fx.actors }), {
    input: { job: 'job-1' },
    inspect,
  }).start();
  const send = sendsAndAnswers(
    actor,
    fx,
    {
      select: () => actor.send({ type: 'send.toggle', candidate: anna, selected: true }),
      unselect: () => actor.send({ type: 'send.toggle', candidate: anna, selected: false }),
      open: () => actor.send({ type: 'send.open', client: 'client-1' }),
      openWithoutClient: () => actor.send({ type: 'send.open', client: null }),
      chooseUnknown: () => actor.send({ type: 'send.contact', contact: 'c-nobody' }),
      chooseDefault: () => actor.send({ type: 'send.contact', contact: 'c-de' }),
      full: () => actor.send({ type: 'send.full', candidate: 'p-anna', full: true }),
      anonymised: () => actor.send({ type: 'send.full', candidate: 'p-anna', full: false }),
      note: () => actor.send({ type: 'send.note', note: ` ${NOTE} ` }),
      noteTooLong: () => actor.send({ type: 'send.note', note: 'x'.repeat(501) }),
      retry: () => actor.send({ type: 'send.retry' }),
      preview: () => actor.send({ type: 'send.preview' }),
      confirm: () => actor.send({ type: 'send.confirm' }),
      back: () => actor.send({ type: 'send.back' }),
      close: () => actor.send({ type: 'send.close' }),
    },
    {
      loaded: ['loadContacts', 'done', contacts],
      loadFailed: ['loadContacts', 'error', new TypeError('Failed to fetch')],
      previewed: ['previewMail', 'done', preview],
      previewRefused: ['previewMail', 'error', { code: 'card.consent_missing' }],
      sent: ['sendMail', 'done', result],
      sendRefused: ['sendMail', 'error', { code: 'contact.no_email' }],
    },
  );
  return {
    actor,
    fx,
    async send(event: string) {
      await send(event);
      await flush();
    },
    ...observed(actor, fx),
  };
}

describeModelTable<typeof SendModule>({
  name: 'send-to-client',
  load: () => import('./send-to-client.machine'),
  machines: (m) => [m.sendToClientMachine],
  tables: [{ table, start }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    itNeedsTheAppsCalls(() => module().sendToClientMachine, {
      loadContacts: 'Error: loadContacts is provided by the app',
      previewMail: 'Error: previewMail is provided by the app',
      sendMail: 'Error: sendMail is provided by the app',
    });

    it('sends to the contact the agent chose and forgets a preview of another contact', async () => {
      const d = start(module());
      await d.send('select');
      await d.send('open');
      await d.send('loaded');
      d.actor.send({ type: 'send.contact', contact: 'c-en' });
      expect(d.actor.getSnapshot().context.contact).toBe('c-en');
      await d.send('preview');
      await d.send('previewRefused');
      await d.send('preview');
      expect(
        d
          .calls()
          .filter((c) => c.src === 'previewMail')
          .at(-1)?.input,
      ).toEqual({
        job: 'job-1',
        body: { contact: 'c-en', candidates: ['p-anna'] },
      });
    });

    it('refuses the full card of a candidate who did not consent', async () => {
      const d = start(module());
      d.actor.send({ type: 'send.toggle', candidate: { uuid: 'p-ben', name: 'Ben Okafor' }, selected: true });
      await d.send('open');
      await d.send('loaded');
      d.actor.send({ type: 'send.full', candidate: 'p-ben', full: true });
      expect(d.actor.getSnapshot().context.selected).toEqual([{ uuid: 'p-ben', name: 'Ben Okafor' }]);
      await d.send('preview');
      expect(
        d
          .calls()
          .filter((c) => c.src === 'previewMail')
          .at(-1)?.input,
      ).toEqual({
        job: 'job-1',
        body: { contact: 'c-de', candidates: ['p-ben'] },
      });
    });

    it('tells the app which candidates went to the client once the mail is sent, and only then', async () => {
      const told: unknown[] = [];
      const fx = deferredActors(['loadContacts', 'previewMail', 'sendMail'] as const);
      const actor = createActor(
        module().sendToClientMachine.provide({
          actors: fx.actors,
          actions: { candidatesSent: (_, sent) => told.push(sent) },
        }),
        { input: { job: 'job-1' } },
      ).start();
      actor.send({ type: 'send.toggle', candidate: anna, selected: true });
      actor.send({ type: 'send.open', client: 'client-1' });
      fx.settle('loadContacts', 'done', contacts);
      await flush();
      actor.send({ type: 'send.preview' });
      fx.settle('previewMail', 'done', preview);
      await flush();
      actor.send({ type: 'send.confirm' });
      fx.settle('sendMail', 'error', { code: 'contact.no_email' });
      await flush();
      expect(told).toEqual([]);
      actor.send({ type: 'send.confirm' });
      fx.settle('sendMail', 'done', result);
      await flush();
      expect(actor.getSnapshot().matches({ open: 'sent' })).toBe(true);
      expect(told).toEqual([{ job: 'job-1', candidates: ['p-anna'] }]);
    });

    it('takes the full card of the consenting candidate only, among two', async () => {
      const d = start(module());
      const ben = { uuid: 'p-ben', name: 'Ben Okafor', consented: false };
      await d.send('select');
      d.actor.send({ type: 'send.toggle', candidate: ben, selected: true });
      await d.send('open');
      await d.send('loaded');
      d.actor.send({ type: 'send.full', candidate: 'p-ben', full: true });
      expect(d.actor.getSnapshot().context.selected).toEqual([anna, ben]);
      d.actor.send({ type: 'send.full', candidate: 'p-anna', full: true });
      expect(d.actor.getSnapshot().context.selected).toEqual([{ ...anna, full: true }, ben]);
    });

    it('offers no preview while the client has no contact to send to', async () => {
      const d = start(module());
      await d.send('select');
      await d.send('open');
      d.fx.settleLatest('loadContacts', 'done', []);
      await flush();
      expect(d.actor.getSnapshot().context.contact).toBeNull();
      await d.send('preview');
      expect(d.actor.getSnapshot().matches({ open: 'choosing' })).toBe(true);
      expect(d.calls().filter((c) => c.src === 'previewMail')).toEqual([]);
    });

    it('drops a shown refusal when the agent previews again, confirms or goes back', async () => {
      const d = start(module());
      const error = () => d.actor.getSnapshot().context.error;
      await d.send('select');
      await d.send('open');
      await d.send('loaded');
      await d.send('preview');
      await d.send('previewRefused');
      expect(error()).toBe('card.consent_missing');
      await d.send('preview');
      expect(error()).toBeNull();
      await d.send('previewed');
      await d.send('confirm');
      await d.send('sendRefused');
      expect(error()).toBe('contact.no_email');
      await d.send('confirm');
      expect(error()).toBeNull();
      await d.send('sendRefused');
      await d.send('back');
      expect(error()).toBeNull();
    });

    it("starts with the candidates it is given: a result's page opens the dialog for its one candidate", async () => {
      const { sendToClientMachine } = module();
      const fx = deferredActors(['loadContacts', 'previewMail', 'sendMail'] as const);
      const actor = createActor(sendToClientMachine.provide({ actors: fx.actors }), {
        input: { job: 'job-1', selected: [anna] },
      }).start();
      expect(actor.getSnapshot().context.selected).toEqual([anna]);
      actor.send({ type: 'send.open', client: 'client-1' });
      expect(actor.getSnapshot().matches('open')).toBe(true);
      expect(fx.calls.at(-1)).toEqual({ id: 'loadContacts', input: { client: 'client-1' } });
    });

    it('opens for at most 20 candidates', async () => {
      const d = start(module());
      for (let i = 0; i < 21; i++)
        d.actor.send({ type: 'send.toggle', candidate: { uuid: `p${i}`, name: `N${i}` }, selected: true });
      d.actor.send({ type: 'send.open', client: 'client-1' });
      expect(d.actor.getSnapshot().value).toBe('idle');
      d.actor.send({ type: 'send.toggle', candidate: { uuid: 'p0', name: 'N0' }, selected: false });
      d.actor.send({ type: 'send.open', client: 'client-1' });
      expect(d.actor.getSnapshot().matches('open')).toBe(true);
    });
  },
});
