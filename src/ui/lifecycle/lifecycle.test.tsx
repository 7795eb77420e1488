import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromTransition, getInitialSnapshot } from 'xstate';
import type { TokenClaims } from '../../../contract/session';
import { fakeToken } from '../../../tests/support/tokens';
import { registrationMachine, registrationStep } from '../../machines/registration/registration.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { decodeClaims } from '../../machines/session/token';
import { type AppActors, AppActorsContext } from '../components/app-context';
import { LifecycleScreen, registrationStateOf, sessionStateOf } from './lifecycle';
import { machineDiagram } from './machine-graph';

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

  /** The page over a session that holds these claims (the page only reads them). */
  function renderPage(partial: Partial<TokenClaims>) {
    const session = createActor(fromTransition((state) => state, { claims: claims(partial) })).start();
    const actors = { session } as unknown as AppActors;
    render(
      <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
        <AppActorsContext.Provider value={actors}>
          <LifecycleScreen />
        </AppActorsContext.Provider>
      </I18nProvider>,
    );
  }

  it('draws every state of both machines, each named in words, and fills where the token stands', () => {
    renderPage({ registration_step: 2, login_status: 'ok' });
    const registrationSvg = screen.getByRole('img', { name: 'Registration steps' });
    const sessionSvg = screen.getByRole('img', { name: 'Session states' });
    const registration = machineDiagram(registrationMachine);
    const session = machineDiagram(sessionMachine);
    const names = (svg: Element) => [...svg.querySelectorAll('.lc-node text')].map((t) => t.textContent);
    expect(names(registrationSvg)).toHaveLength(registration.nodes.length);
    expect(names(sessionSvg)).toHaveLength(session.nodes.length);
    for (const [svg, diagram] of [
      [registrationSvg, registration],
      [sessionSvg, session],
    ] as const) {
      // A state shows its raw key only while it has no name in words.
      const keys = diagram.nodes.map((node) => node.key);
      expect(names(svg).filter((name, index) => name === keys[index])).toEqual([]);
    }
    const here = (svg: Element) => [...svg.querySelectorAll('.lc-node.here text')].map((t) => t.textContent);
    expect(here(registrationSvg)).toEqual(['SMS protection', 'Phone number and code']);
    expect(here(sessionSvg)).toEqual(['Logged in', 'Working']);
    expect(registrationSvg.querySelectorAll('path.lc-edge').length).toBeGreaterThan(10);
  });
});
