// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { CityHit, FieldDefinition } from '../../../contract/catalog';
import { citySearchMachine } from '../../machines/shared/city-search.machine';
import { CatalogForm, ErrorSummary } from './catalog-form';
import { watchSubmittedForm } from './focus-invalid';
import { TextField } from './text-field';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const noCities = citySearchMachine.provide({
  actors: { search: fromPromise(async (): Promise<CityHit[]> => []) },
});

type Errors = Record<string, string | undefined>;

/** A form as the app's screens write one: its errors come from whatever checks the submit (`check`). */
function Form({ check, children }: { check: () => Errors | Promise<Errors>; children?: ReactNode }) {
  const [errors, setErrors] = useState<Errors>({});
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void Promise.resolve(check()).then(setErrors);
      }}
    >
      {children}
      <TextField name="name" label="Name" />
      <TextField name="email" label="E-mail" errorMessage={errors.email} />
      <TextField name="phone" label="Phone" errorMessage={errors.phone} />
      <button type="submit">Save</button>
    </form>
  );
}

const show = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
  // The first look after the form's own handler runs.
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
};

describe('a form submitted with errors moves focus to the first invalid field', () => {
  // As src/main.tsx listens (there the module loads at the first submit).
  const onSubmit = (event: Event) => watchSubmittedForm(event.target);
  beforeEach(() => document.addEventListener('submit', onSubmit, true));
  afterEach(() => {
    document.removeEventListener('submit', onSubmit, true);
    cleanup();
  });

  it('lands on the first field the check refused, in the order of the form', async () => {
    show(<Form check={() => ({ phone: 'Enter a phone number', email: 'Enter an e-mail address' })} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
  });

  it('waits for errors the server answers later', async () => {
    let answer: (errors: Errors) => void = () => {};
    show(<Form check={() => new Promise<Errors>((resolve) => (answer = resolve))} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await act(async () => answer({ phone: 'Not a mobile number' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Phone' }));
  });

  it('leaves focus alone when the submit leaves no error, or the person typed on meanwhile', async () => {
    let answer: (errors: Errors) => void = () => {};
    show(<Form check={() => new Promise<Errors>((resolve) => (answer = resolve))} />);
    await submit();
    await act(async () => answer({}));
    expect(document.activeElement).toBe(document.body);

    await submit();
    const name = screen.getByRole('textbox', { name: 'Name' });
    name.focus();
    fireEvent.input(name, { target: { value: 'Ada' } });
    await act(async () => answer({ email: 'Enter an e-mail address' }));
    expect(document.activeElement).toBe(name);
  });

  it('takes a catalogue form to its first invalid field, or to the summary when that field is on another tab', async () => {
    const field = (key: string, tab: string): FieldDefinition => ({
      key,
      type: 'text',
      label: { de: key, en: key },
      tab,
      required: true,
      for: ['stella'],
    });
    const fields = [field('first_name', 'personal'), field('last_name', 'personal'), field('skills', 'work')];
    function Catalog({ errors, tab }: { errors: Record<string, string[]>; tab: string }) {
      return (
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          <ErrorSummary fields={fields} errors={errors} idPrefix="p" />
          <CatalogForm
            fields={fields.filter((f) => f.tab === tab)}
            values={{}}
            errors={errors}
            onChange={() => {}}
            citySearch={noCities}
            idPrefix="p"
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    const { rerender } = show(<Catalog errors={{ last_name: ['field.required'] }} tab="personal" />);
    await submit();
    expect(document.activeElement?.id).toBe('p-last_name');

    rerender(
      <I18nProvider i18n={i18n}>
        <Catalog errors={{ skills: ['field.required'] }} tab="personal" />
      </I18nProvider>,
    );
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /skills/ }));
  });
});
