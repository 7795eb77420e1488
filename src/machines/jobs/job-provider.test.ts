import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ResultsSearchSchema } from '../../../contract/job-search';
import type { PipelineEntry, PipelineStage } from '../../../contract/pipeline';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { type ApiClient, ApiError } from '../../api/client';
import { pipelineLogic } from '../pipeline/pipeline-actors';
import { createAppLogic } from '../shell/app-logic';
import { jobsLogic } from './job-provider';

/*
 * The job results page's two features on one page (issue 21 gap 1): "An Kunden senden" lives in the
 * jobs provider, the pipeline board in the pipeline provider. A mail sent moves its entries to
 * `submitted` on the server; the board on the same page must show that without a reload of the page.
 * The server here is in memory: it answers the board as it is, and a send moves the sent entries.
 */

const JOB = '00000000-0000-4000-8000-0000000000a1';
const OTHER_JOB = '00000000-0000-4000-8000-0000000000b2';
const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const ANNA = 'p-anna';
const BEN = 'p-ben';
const AT = '2026-11-24T08:00:00.000Z';

const entry = (profile: string, stage: PipelineStage): PipelineEntry => ({
  uuid: `e-${profile}`,
  jobUuid: JOB,
  profile: { uuid: profile, type: 'stella', name: profile, photo: null },
  stage,
  lastOpenStage: stage === 'rejected' ? 'proposed' : (stage as PipelineEntry['lastOpenStage']),
  reason: null,
  reasonBy: null,
  score: 70,
  followUp: null,
  version: 0,
  movedAt: AT,
  movedBy: null,
  createdAt: AT,
});

const contact = {
  uuid: 'c-jana',
  companyUuid: CLIENT,
  name: 'Jana Schmidt',
  salutation: 'ms',
  title: '',
  firstName: 'Jana',
  lastName: 'Schmidt',
  role: '',
  email: 'jana@x.example',
  phone: null,
  language: 'de',
  isDefault: true,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};

function fakeServer({ refuseSend = false } = {}) {
  const calls: string[] = [];
  const stages = new Map<string, PipelineStage>([
    [ANNA, 'proposed'],
    [BEN, 'contacted'],
  ]);
  const mail = (candidates: string[]) => ({
    to: { name: contact.name, email: 'jana@x.example' },
    language: 'de',
    subject: 'Kandidat/innen',
    text: 'Guten Tag',
    attachments: candidates.map((candidate) => ({
      candidate,
      card: 'anonymised',
      fileName: 'MW-ABC123.pdf',
    })),
  });
  const api = {
    async call<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
      const method = options.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === `/api/job/${JOB}/pipeline`) {
        const items = [...stages].map(([profile, stage]) => entry(profile, stage));
        return { items, counts: {} } as T;
      }
      if (method === 'GET' && path === `/api/company/${CLIENT}/contacts`)
        return { items: [contact], canInvite: true } as T;
      const body = options.body as { candidates: string[] };
      if (path.endsWith('/send/preview')) return mail(body.candidates) as T;
      if (method === 'POST' && path.endsWith('/send')) {
        if (refuseSend) throw new ApiError(409, 'contact.no_email', 'refused');
        for (const profile of body.candidates) stages.set(profile, 'submitted');
        return { ...mail(body.candidates), sentAt: AT } as T;
      }
      // The results page's lists: not what this test is about.
      throw new ApiError(404, 'route.not_found', `unexpected ${method} ${path}`);
    },
  } as unknown as ApiClient;
  return { api, calls, boardLoads: () => calls.filter((c) => c === `GET /api/job/${JOB}/pipeline`).length };
}

/** The results page of JOB as its route makes it: the board and the page's parts from one app. */
function resultsPage(api: ApiClient, sendFor = JOB) {
  const session = createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();
  const app = createAppLogic(api, session);
  const board = pipelineLogic(app).board(JOB);
  const page = jobsLogic(app).resultsPage(sendFor, v.parse(ResultsSearchSchema, {}));
  const sending = createActor(page.sending, { input: { job: sendFor } }).start();
  return { board, sending };
}

async function sendAnna(sending: ReturnType<typeof resultsPage>['sending']) {
  sending.send({ type: 'send.toggle', candidate: { uuid: ANNA, name: 'Anna' }, selected: true });
  sending.send({ type: 'send.open', client: CLIENT });
  await waitFor(sending, (s) => s.matches({ open: 'choosing' }));
  sending.send({ type: 'send.preview' });
  await waitFor(sending, (s) => s.matches({ open: 'previewed' }));
  sending.send({ type: 'send.confirm' });
  await waitFor(sending, (s) => !s.hasTag('busy'));
}

const stagesOf = (board: ReturnType<typeof resultsPage>['board']) =>
  Object.fromEntries(board.getSnapshot().context.entries.map((e) => [e.profile.uuid, e.stage]));

describe('the results page: sending and the pipeline board', () => {
  it('shows the sent entry in "submitted" on the board once the mail is sent, without reloading the page', async () => {
    const server = fakeServer();
    const { board, sending } = resultsPage(server.api);
    await waitFor(board, (s) => s.matches('ready'));
    expect(stagesOf(board)).toEqual({ [ANNA]: 'proposed', [BEN]: 'contacted' });

    await sendAnna(sending);
    expect(sending.getSnapshot().matches({ open: 'sent' })).toBe(true);
    await waitFor(board, (s) => s.matches('ready') && stagesOf(board)[ANNA] === 'submitted');
    expect(stagesOf(board)).toEqual({ [ANNA]: 'submitted', [BEN]: 'contacted' });
    // The board asked the server again exactly once, after the send.
    expect(server.boardLoads()).toBe(2);
    expect(server.calls.indexOf(`GET /api/job/${JOB}/pipeline`, 1)).toBeGreaterThan(
      server.calls.indexOf(`POST /api/job/${JOB}/send`),
    );
  });

  it('leaves the board alone when the send was refused', async () => {
    const server = fakeServer({ refuseSend: true });
    const { board, sending } = resultsPage(server.api);
    await waitFor(board, (s) => s.matches('ready'));
    await sendAnna(sending);
    expect(sending.getSnapshot().context.error).toBe('contact.no_email');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.boardLoads()).toBe(1);
    expect(stagesOf(board)).toEqual({ [ANNA]: 'proposed', [BEN]: 'contacted' });
  });

  it('does not reload the board of another job than the one the cards were sent for', async () => {
    const server = fakeServer();
    const { board, sending } = resultsPage(server.api, OTHER_JOB);
    await waitFor(board, (s) => s.matches('ready'));
    await sendAnna(sending);
    expect(sending.getSnapshot().matches({ open: 'sent' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.boardLoads()).toBe(1);
  });
});
