// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Contact } from '../../../../contract/client';
import { MAX_SEND_NOTE, type SendPreview, type SendRequest } from '../../../../contract/submissions';
import { sendToClientMachine } from '../../../machines/submissions/send-to-client.machine';
import { SendToClient } from './send-to-client-dialog';

// The send dialog's personal line (issue 42): written under the contact, refused with the field's
// own message when too long (the preview waits), and sent with the preview once it fits.

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const contact: Contact = {
  uuid: 'c-anna',
  companyUuid: 'client-1',
  name: 'Dr. Anna Krüger',
  salutation: 'ms',
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Krüger',
  role: '',
  email: 'anna@x.example',
  phone: null,
  language: 'de',
  isDefault: true,
  version: 0,
  createdAt: '',
  updatedAt: '',
};
const preview: SendPreview = {
  to: { name: contact.name, email: 'anna@x.example' },
  language: 'de',
  subject: 'S',
  text: 'Sehr geehrte Frau Dr. Krüger,',
  attachments: [],
};

afterEach(cleanup);

describe('the personal line of the send dialog', () => {
  it('refuses a line too long with its message and sends one that fits with the preview', async () => {
    const previews: SendRequest[] = [];
    const actor = createActor(
      sendToClientMachine.provide({
        actors: {
          loadContacts: fromPromise(async () => [contact]),
          previewMail: fromPromise(async ({ input }) => {
            previews.push(input.body);
            return preview;
          }),
        },
      }),
      { input: { job: 'job-1', selected: [{ uuid: 'p-1', name: 'Ben Okafor' }] } },
    ).start();
    render(
      <I18nProvider i18n={i18n}>
        <SendToClient sending={actor} client="client-1" />
      </I18nProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send to client (1)' }));
    });
    const line = await screen.findByRole('textbox', { name: 'Personal line (optional)' });
    const show = () => screen.getByRole('button', { name: 'Show the mail' });

    await act(async () => {
      fireEvent.change(line, { target: { value: 'x'.repeat(MAX_SEND_NOTE + 1) } });
    });
    expect(screen.getByText('This text is too long.')).toBeTruthy();
    expect(line.getAttribute('aria-invalid')).toBe('true');
    expect(show().hasAttribute('disabled') || show().getAttribute('aria-disabled') === 'true').toBe(true);

    await act(async () => {
      fireEvent.change(line, { target: { value: 'As discussed on the phone.' } });
    });
    expect(screen.queryByText('This text is too long.')).toBeNull();
    await act(async () => {
      fireEvent.click(show());
    });
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]).toMatchObject({ contact: 'c-anna', note: 'As discussed on the phone.' });
    actor.stop();
  });
});
