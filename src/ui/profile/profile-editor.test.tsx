// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import type { ProfileResponse } from '../../../contract/profile';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { profileMachine } from '../../machines/profile/profile.machine';
import { createAppLogic } from '../../machines/shell/app-logic';
import type { LocaleActor } from '../../machines/shell/locale.machine';
import { AppActorsContext } from '../components/app-context';
import { ProfileEditor } from './profile-editor';

// Decision 0031: only a company's main login may change the company profile. The answer says whether
// the caller may (`canEdit`); a contact's login reads the profile, without a form, and reads why.

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const label = (en: string) => ({ de: en, en });
const fields: FieldDefinition[] = [
  {
    key: 'company_name',
    type: 'text',
    label: label('Company name'),
    tab: 'company',
    required: true,
    for: ['company'],
  },
  {
    key: 'website',
    type: 'text',
    label: label('Website'),
    tab: 'contact',
    required: false,
    for: ['company'],
  },
];
const company = (canEdit: boolean): ProfileResponse => ({
  uuid: '00000000-0000-4000-8000-0000000000c1',
  type: 'company',
  values: { company_name: 'Rheinwerk Logistik GmbH' },
  image: null,
  status: 'active',
  pausedByAgency: false,
  completeness: 100,
  missing: [],
  version: 3,
  canEdit,
});

function renderEditor(profile: ProfileResponse) {
  const api = {
    async call<T>(path: string): Promise<T> {
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as Parameters<typeof createAppLogic>[0];
  const session = createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();
  const actor = createActor(
    profileMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }),
    { input: { scope: 'company', userType: 'company', fields, hasFinishedRegistration: true } },
  ).start();
  const actors = { session, locale: null as unknown as LocaleActor, logic: createAppLogic(api, session) };
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ProfileEditor actor={actor} idPrefix="company" /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <AppActorsContext.Provider value={actors}>
          <RouterProvider router={router} />
        </AppActorsContext.Provider>
      </I18nProvider>,
    );
  });
}

const WHY = "Only your company's main login can change the company profile.";

afterEach(cleanup);

describe('the company profile', () => {
  it('is a form for whoever the answer says may change it', async () => {
    await renderEditor(company(true));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Company name/ })).toBeTruthy();
    expect(screen.queryByText(WHY)).toBeNull();
  });

  it("is read-only for a contact's login, with every tab's values and why", async () => {
    await renderEditor(company(false));
    expect(await screen.findByText(WHY)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo all changes' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Company' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(screen.getByText('Company name').nextElementSibling?.textContent).toBe('Rheinwerk Logistik GmbH');
    expect(screen.getByText('Website').nextElementSibling?.textContent).toBe('–');
  });
});
