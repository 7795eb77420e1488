// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Contact, ContactList } from '../../../contract/client';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { companyLogic } from '../../machines/companies/company-actors';
import { createAppLogic } from '../../machines/shell/app-logic';
import { ContactsSection } from './contacts';

// Decision 0031: only agents and a company's main login may invite its contacts to sign in. The list's
// answer says whether the caller may (`canInvite`); a contact's login is offered no "Invite" and no
// "Resend invitation", and reads why.

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const contact = (uuid: string, lastName: string, login: Contact['login']): Contact => ({
  uuid,
  companyUuid: COMPANY,
  name: `Jana ${lastName}`,
  salutation: 'ms',
  title: '',
  firstName: 'Jana',
  lastName,
  role: '',
  email: `${lastName.toLowerCase()}@rheinwerk.example`,
  phone: null,
  language: 'de',
  isDefault: lastName === 'Schmidt',
  login,
  version: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const items = [
  contact('00000000-0000-4000-8000-0000000000d1', 'Schmidt', 'none'),
  contact('00000000-0000-4000-8000-0000000000d2', 'Weber', 'invited'),
  contact('00000000-0000-4000-8000-0000000000d3', 'Krüger', 'active'),
];

function renderContacts(canInvite: boolean) {
  const answer: ContactList = { items, canInvite };
  const api = {
    async call<T>(path: string): Promise<T> {
      if (path === `/api/company/${COMPANY}/contacts`) return answer as T;
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as Parameters<typeof createAppLogic>[0];
  const session = createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();
  const contacts = companyLogic(createAppLogic(api, session)).contacts(COMPANY);
  return act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <ContactsSection contacts={contacts} />
      </I18nProvider>,
    );
  });
}

const WHY = "Only your company's main login can invite contacts to sign in.";

afterEach(cleanup);

describe('the contacts of a company', () => {
  it('offers "Invite" and "Resend invitation" when the answer says the caller may invite', async () => {
    await renderContacts(true);
    expect(await screen.findByRole('button', { name: 'Invite: Jana Schmidt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend invitation: Jana Weber' })).toBeTruthy();
    // A contact whose login is active is invited no more.
    expect(screen.queryByRole('button', { name: 'Invite: Jana Krüger' })).toBeNull();
    expect(screen.queryByText(WHY)).toBeNull();
  });

  it("offers a contact's login neither, and says who may invite", async () => {
    await renderContacts(false);
    expect(await screen.findByText(WHY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Invite: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Resend invitation: / })).toBeNull();
    // What a contact's login may do stays offered (decision 0031: it keeps its company's contacts).
    expect(screen.getByRole('button', { name: 'Edit Jana Schmidt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Jana Weber' })).toBeTruthy();
    expect(screen.getByText('Login active')).toBeTruthy();
  });
});
