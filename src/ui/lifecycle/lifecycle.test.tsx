// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, fromTransition, getInitialSnapshot } from 'xstate';
import type { AgentDashboard } from '../../../contract/agent';
import type { JobListResponse } from '../../../contract/job';
import type { TokenClaims } from '../../../contract/session';
import type { OwnSubmissions } from '../../../contract/submissions';
import { fakeToken } from '../../../tests/support/tokens';
import { registrationMachine, registrationStep } from '../../machines/registration/registration.machine';
import { decodeClaims } from '../../machines/session/token';
import { type Resource, resourceMachine } from '../../machines/shared/resource.machine';
import { type AppActors, AppActorsContext } from '../components/app-context';
import { type JobCounts, LifecycleScreen, registrationStateOf, sessionStateOf } from './lifecycle';

const claims = (partial: Partial<TokenClaims>) => {
  const decoded = decodeClaims(fakeToken(partial));
  if (!decoded) throw new Error('test token does not decode');
  return decoded;
};

describe('"you are here" from the token', () => {
  it.each([
    [0, ['registration.done']],
    [1, ['registration.validation', 'registration.validation.waiting']],
    [2, ['registration.phone', 'registration.phone.settingUp']],
    [3, ['registration.profile', 'registration.profile.loadingFields']],
    [4, ['registration.photo', 'registration.photo.choosing']],
    [5, ['registration.done']],
  ])('registration_step %i is %j, where the registration flow opens', (step, states) => {
    expect(registrationStateOf(claims({ registration_step: step }))).toEqual(states);
  });

  it('the step states are the machine states with the next meta.step, the ones the flow opens in', () => {
    for (const step of [1, 2, 3, 4]) {
      const here = registrationStateOf(claims({ registration_step: step }));
      const snapshot = getInitialSnapshot(registrationMachine, { step });
      const meta: Record<string, unknown> = snapshot.getMeta();
      expect(meta[here[0] ?? '']).toEqual({ step: step + 1 });
      expect(here.every((id) => snapshot._nodes.some((node) => node.id === id))).toBe(true);
      expect(registrationStep(snapshot)).toBe(step + 1);
    }
  });

  it('a login waiting for the SMS code is in mfaPending, otherwise logged in and working', () => {
    expect(sessionStateOf(claims({ login_status: 'pending' }))).toEqual(['session.mfaPending']);
    expect(sessionStateOf(claims({ login_status: 'ok' }))).toEqual([
      'session.authenticated',
      'session.authenticated.idle',
    ]);
  });
});

describe('the lifecycle page', () => {
  afterEach(cleanup);

  /**
   * A loaded resource answering `data`, the part of T the page reads (its snapshot only): the fixture
   * leaves the rest out, so it is declared a T here.
   */
  const loaded = <T,>(data: unknown) =>
    createActor(
      resourceMachine.provide({ actors: { fetchData: fromPromise(async () => data) } }),
    ).start() as unknown as Resource<T>;

  /** The page over a session that holds these claims (the page only reads them). */
  function renderPage(
    partial: Partial<TokenClaims>,
    jobCounts: JobCounts | null = null,
    submissions: Resource<OwnSubmissions> | null = null,
  ) {
    const session = createActor(fromTransition((state) => state, { claims: claims(partial) })).start();
    const actors = { session } as unknown as AppActors;
    render(
      <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
        <AppActorsContext.Provider value={actors}>
          <LifecycleScreen jobCounts={jobCounts} submissions={submissions} />
        </AppActorsContext.Provider>
      </I18nProvider>,
    );
  }
  const stageNames = (list: HTMLElement) =>
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.stage-name')?.textContent);

  it('names each registration and session stage in words and marks where the token stands (agents)', () => {
    renderPage({ registration_step: 2, login_status: 'ok', user_type: 'agent' });
    const registration = screen.getByRole('list', { name: 'Registration steps' });
    expect(stageNames(registration)).toEqual([
      'Create an account',
      'Confirm the e-mail address',
      'SMS protection',
      'Fill in the profile',
      'Add a photo',
      'Registration finished',
    ]);
    const current = registration.querySelector('[aria-current="step"]');
    expect(current?.querySelector('.stage-name')?.textContent).toBe('SMS protection');
    expect(current?.textContent).toContain('You are here');
    expect(current?.textContent).toContain('Then: Fill in the profile');
    const session = screen.getByRole('list', { name: 'Session states' });
    expect(stageNames(session)).toEqual(['Logged out', 'Waiting for the SMS code', 'Logged in']);
    expect(session.querySelector('[aria-current="step"] .stage-name')?.textContent).toBe('Logged in');
    // No stage shows a machine's raw key.
    expect(screen.queryByText(/^(validation|mfaPending|inFlight)$/)).toBeNull();
    // Without the counts the route loads for it, no job lifecycle.
    expect(screen.queryByRole('list', { name: 'Job stages' })).toBeNull();
  });

  it.each([
    ['stella', 'your profile can take part in matching'],
    ['company', 'you answer from your dashboard'],
    ['agent', 'the jobs you look after move through the phases below'],
  ])('tells a finished %s what it means for them; only candidates hear of matching', (type, words) => {
    renderPage({ registration_step: 0, user_type: type });
    const here = screen.getByRole('region', { name: 'You are here' });
    expect(here.textContent).toContain(words);
    if (type !== 'stella') expect(here.textContent).not.toMatch(/matching/i);
  });

  it('shows an agent the job lifecycle with the jobs in each stage', async () => {
    const jobs = loaded<JobListResponse>({ items: [], total: 0, counts: { active: 7, archived: 1 } });
    const dashboard = loaded<AgentDashboard>({ runsInFlight: 2 });
    jobs.send({ type: 'resource.load', query: {} });
    dashboard.send({ type: 'resource.load', query: {} });
    renderPage({ registration_step: 0, user_type: 'agent' }, { jobs, dashboard });
    const stages = await screen.findByRole('list', { name: 'Job stages' });
    await waitFor(() => expect(stages.textContent).toContain('7 jobs'));
    const item = (name: string) =>
      within(stages)
        .getAllByRole('listitem')
        .find((li) => li.querySelector(':scope > .stage-head .stage-name')?.textContent === name);
    expect(item('Active')?.querySelector(':scope > .stage-head .stage-count')?.textContent).toBe('7 jobs');
    expect(item('Archived')?.querySelector('.stage-count')?.textContent).toBe('1 job');
    expect(item('Run queued or running')?.querySelector('.stage-count')?.textContent).toBe('2 runs');
    expect(item('Archived')?.textContent).toContain('Then: Active or Deleted');
    // The runs are stages inside "Active".
    expect(item('Active')?.querySelectorAll('.stage-diagram.nested > .stage')).toHaveLength(5);
  });
  it('shows a candidate, in plain words, how far the profile got and where it was sent — no diagrams', async () => {
    const submissions = loaded<OwnSubmissions>({
      reached: ['registered', 'visible', 'proposed', 'sent'],
      companies: 2,
      items: [
        { sentAt: '2026-11-05T09:00:00.000Z', card: 'anonymised', company: null, status: 'waiting' },
        {
          sentAt: '2026-11-02T09:00:00.000Z',
          card: 'full',
          company: 'Rheinwerk Bau GmbH',
          status: 'interview',
        },
      ],
    });
    submissions.send({ type: 'resource.load', query: {} });
    renderPage({ registration_step: 0, user_type: 'stella' }, null, submissions);
    const sent = await screen.findByRole('region', { name: 'Where your profile was sent' });
    expect(sent.textContent).toContain('Your profile was sent to 2 companies.');
    const items = within(sent)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/anonymised to a company · Waiting for an answer/);
    expect(items[1]).toMatch(/with your name to Rheinwerk Bau GmbH · Interview/);
    const steps = within(screen.getByRole('region', { name: 'What happens with your profile' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      'You registered: yes',
      'Our agents can see your profile and include it in matching: yes',
      'Your profile matched a job: not yet',
      'An agent proposed you for a job: yes',
      'Your profile was sent to a company: yes',
      'A company answered: not yet',
    ]);
    // The machines' diagrams and their raw names are the agents'.
    expect(screen.queryByRole('list', { name: 'Registration steps' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Session states' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Pipeline stages' })).toBeNull();
  });

  it('tells a candidate whose profile went nowhere yet so', async () => {
    const submissions = loaded<OwnSubmissions>({ reached: ['registered'], companies: 0, items: [] });
    submissions.send({ type: 'resource.load', query: {} });
    renderPage({ registration_step: 0, user_type: 'nova' }, null, submissions);
    const sent = await screen.findByRole('region', { name: 'Where your profile was sent' });
    expect(sent.textContent).toContain('Your profile has not been sent to a company yet.');
  });

  it('shows a company what happens with its requests, without diagrams', () => {
    renderPage({ registration_step: 0, user_type: 'company' });
    const requests = screen.getByRole('region', { name: 'What happens with your requests' });
    expect(within(requests).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('list', { name: 'Registration steps' })).toBeNull();
  });
});
