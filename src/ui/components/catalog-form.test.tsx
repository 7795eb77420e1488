// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CityHit, FieldDefinition } from '../../../contract/catalog';
import { BERLIN, MUNICH } from '../../../tests/support/cities';
import { citySearchMachine } from '../../machines/shared/city-search.machine';
import { CatalogForm, ErrorSummary } from './catalog-form';

// jsdom has no CSS.escape, which react-aria's list box uses to find an option by its key.
if (!globalThis.CSS?.escape) {
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) },
  });
}

/** The city search machine over a stand-in search; records the queries it was asked. */
function citySearchOf(answer: (query: string) => Promise<CityHit[]>) {
  const queries: string[] = [];
  const logic = citySearchMachine.provide({
    actors: {
      search: fromPromise(({ input }: { input: { query: string } }) => {
        queries.push(input.query);
        return answer(input.query);
      }),
    },
  });
  return { logic, queries };
}
const noCities = citySearchOf(async () => []).logic;

const l = (de: string, en: string) => ({ de, en });
const fields: FieldDefinition[] = [
  {
    key: 'first_name',
    type: 'text',
    label: l('Vorname', 'First name'),
    tab: 'personal',
    required: true,
    for: ['stella'],
    maxLength: 50,
  },
  {
    key: 'experience_years',
    type: 'number',
    label: l('Berufserfahrung', 'Experience'),
    tab: 'personal',
    required: false,
    for: ['stella'],
    min: 0,
    max: 60,
  },
  {
    key: 'available_from',
    type: 'date',
    label: l('Verfügbar ab', 'Available from'),
    tab: 'personal',
    required: false,
    for: ['stella'],
  },
  {
    key: 'remote',
    type: 'select',
    label: l('Arbeitsort', 'Workplace'),
    tab: 'personal',
    required: false,
    for: ['stella'],
    options: [{ value: 'hybrid', label: l('Hybrid', 'Hybrid') }],
  },
  {
    key: 'skills',
    type: 'multiselect',
    label: l('Fähigkeiten', 'Skills'),
    tab: 'personal',
    required: false,
    for: ['stella'],
    options: ['sql', 'go', 'rust', 'java', 'python', 'react', 'vue', 'docker', 'kotlin'].map((v) => ({
      value: v,
      label: l(v.toUpperCase(), v.toUpperCase()),
    })),
  },
  {
    key: 'languages',
    type: 'languages',
    label: l('Sprachen', 'Languages'),
    tab: 'personal',
    required: false,
    for: ['stella'],
    options: [{ value: 'de', label: l('Deutsch', 'German') }],
  },
];
const birthDate: FieldDefinition = {
  key: 'birth_date',
  type: 'date',
  label: l('Geburtsdatum', 'Date of birth'),
  tab: 'personal',
  required: false,
  for: ['stella'],
  min: -100,
  max: -14,
};
const city: FieldDefinition = {
  key: 'city',
  type: 'location',
  label: l('Wohnort', 'City'),
  tab: 'personal',
  required: true,
  for: ['stella'],
};

/**
 * Types a day into a react-aria date field, digit by digit into its segments (the browser's
 * `beforeinput`, which jsdom does not send by itself), then leaves the field unless told not to.
 */
function typeDay(group: HTMLElement, digits: string, leave = true) {
  act(() => within(group).getAllByRole('spinbutton')[0]?.focus());
  for (const data of digits) {
    act(() => {
      document.activeElement?.dispatchEvent(
        new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }),
      );
    });
  }
  if (leave) act(() => (document.activeElement as HTMLElement).blur());
}

function renderForm(props: Partial<Parameters<typeof CatalogForm>[0]> = {}, locale = 'de') {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  const onChange = vi.fn();
  // react-aria's fields take their language (a date's order) from its own provider, as in the shell.
  render(
    <I18nProvider i18n={i18n}>
      <AriaI18nProvider locale={locale === 'de' ? 'de-DE' : 'en-GB'}>
        <CatalogForm
          fields={fields}
          values={{}}
          errors={{}}
          onChange={onChange}
          citySearch={noCities}
          idPrefix="p"
          {...props}
        />
      </AriaI18nProvider>
    </I18nProvider>,
  );
  return onChange;
}

afterEach(cleanup);

describe('catalogue form', () => {
  it('labels every field in the user’s language', () => {
    renderForm();
    for (const name of ['Vorname', 'Berufserfahrung', 'Arbeitsort'])
      expect(screen.getByLabelText(name, { exact: false })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Verfügbar ab' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Fähigkeiten' })).toBeTruthy();
    cleanup();
    renderForm({}, 'en');
    expect(screen.getByLabelText('First name', { exact: false })).toBeTruthy();
  });

  it('reports each type’s value in the shape the catalogue stores', () => {
    const onChange = renderForm({ values: { skills: ['sql'] } });
    fireEvent.change(screen.getByLabelText('Vorname', { exact: false }), { target: { value: 'Ada' } });
    // react-aria's number field commits what was typed when it loses focus.
    const years = screen.getByLabelText('Berufserfahrung');
    fireEvent.change(years, { target: { value: '7' } });
    fireEvent.blur(years);
    typeDay(screen.getByRole('group', { name: 'Verfügbar ab' }), '01012027');
    // A react-aria select is a button that opens a list box.
    fireEvent.click(screen.getByRole('button', { name: /Arbeitsort/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Hybrid' }));
    // The tag picker: what was typed, then Enter takes the first match.
    const skills = screen.getByRole('combobox', { name: 'Fähigkeiten' });
    fireEvent.change(skills, { target: { value: 'g' } });
    fireEvent.keyDown(skills, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a language' }));
    expect(onChange.mock.calls).toEqual([
      ['first_name', 'Ada'],
      ['experience_years', 7],
      ['available_from', '2027-01-01'],
      ['remote', 'hybrid'],
      ['skills', ['sql', 'go']],
      ['languages', [{ language: '', level: 'B1' }]],
    ]);
  });

  it('offers the options not chosen yet that match what was typed, by their names', () => {
    renderForm({ values: { skills: ['sql', 'rust'] } });
    const skills = screen.getByRole('combobox', { name: 'Fähigkeiten' });
    act(() => skills.focus());
    fireEvent.change(skills, { target: { value: 'o' } });
    // SQL is chosen already; the rest in the order of their names, not of the catalogue.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'DOCKER',
      'GO',
      'KOTLIN',
      'PYTHON',
    ]);
    fireEvent.change(skills, { target: { value: 'zz' } });
    // react-aria reads the empty list's note out as its only entry.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Nothing matches "zz".']);
  });

  it('shows the chosen values as tags, removed by their button or Backspace in the empty input', () => {
    const onChange = renderForm({ values: { skills: ['sql', 'rust'] } });
    const tags = screen.getByRole('grid', { name: 'Chosen: Fähigkeiten' });
    expect(
      within(tags)
        .getAllByRole('row')
        .map((r) => r.textContent?.replace('×', '')),
    ).toEqual(['SQL', 'RUST']);
    fireEvent.click(within(tags).getByRole('button', { name: 'Remove SQL' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Fähigkeiten' }), { key: 'Backspace' });
    expect(onChange.mock.calls).toEqual([
      ['skills', ['rust']],
      ['skills', ['sql']],
    ]);
  });

  it('ties an error to its field and lists it in the summary', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: {} } });
    const errors = { first_name: ['field.required'] };
    render(
      <I18nProvider i18n={i18n}>
        <ErrorSummary fields={fields} errors={errors} idPrefix="p" />
        <CatalogForm
          fields={fields}
          values={{}}
          errors={errors}
          onChange={() => {}}
          citySearch={noCities}
          idPrefix="p"
        />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('Vorname', { exact: false });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please fill in this field.',
    );
    expect(screen.getByRole('alert').querySelector('a')?.getAttribute('href')).toBe('#p-first_name');
  });
});

describe('catalogue form widgets', () => {
  it('takes a birth date typed in German order, only 14 to 100 years back, and says why it refuses one', () => {
    const onChange = renderForm({ fields: [birthDate] });
    const group = screen.getByRole('group', { name: 'Geburtsdatum' });
    expect(group.id).toBe('p-birth_date');
    // Day, month, year: the German order, not the browser's.
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Tag, ', 'Monat, ', 'Jahr, ']);
    const year = new Date().getUTCFullYear();
    // Ten years back is too late for a birth date: marked, said in the user's words, not sent.
    typeDay(group, `0101${year - 10}`);
    expect(group.getAttribute('data-invalid')).toBe('true');
    expect(screen.getByText('This date is too late.')).toBeTruthy();
    // 101 years back is too early.
    typeDay(group, `0101${year - 101}`);
    expect(screen.getByText('This date is too early.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    // A whole day in range reaches the form while the field still has the focus: its Save button
    // must know before the person leaves the field.
    typeDay(group, '14031990', false);
    expect(group.contains(document.activeElement)).toBe(true);
    expect(onChange.mock.calls).toEqual([['birth_date', '1990-03-14']]);
    expect(screen.queryByText(/This date is too/)).toBeNull();
  });

  it('shows a stored birth date the German way', () => {
    renderForm({ fields: [birthDate], values: { birth_date: '1990-03-14' } });
    const group = screen.getByRole('group', { name: 'Geburtsdatum' });
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.textContent),
    ).toEqual(['14', '3', '1990']);
  });

  it('searches a city after a pause in typing and sends the chosen city with its list id', async () => {
    const search = citySearchOf(async () => [BERLIN]);
    const onChange = renderForm({ fields: [city], citySearch: search.logic });
    fireEvent.change(screen.getByLabelText('Wohnort', { exact: false }), { target: { value: 'Be' } });
    fireEvent.change(screen.getByLabelText('Wohnort', { exact: false }), { target: { value: 'Ber' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Berlin (DE)' }));
    expect(search.queries).toEqual(['Ber']);
    // Typed but not yet picked, the form holds the text (the contract refuses it as "choose a place
    // from the list"); the pick replaces it with the city.
    expect(onChange.mock.calls).toEqual([
      ['city', 'Be'],
      ['city', 'Ber'],
      ['city', { id: 2950159, name: 'Berlin', country: 'DE', lat: 52.52437, lng: 13.41053 }],
    ]);
    expect((screen.getByLabelText('Wohnort', { exact: false }) as HTMLInputElement).value).toBe('Berlin');
    expect(screen.queryByRole('button', { name: 'Berlin (DE)' })).toBeNull();
  });

  it('names a stored and a picked city in the UI language ("München"), and keeps the list name in the value', async () => {
    const search = citySearchOf(async () => [MUNICH]);
    const onChange = renderForm({ fields: [city], citySearch: search.logic, values: { city: MUNICH } });
    const input = () => screen.getByLabelText('Wohnort', { exact: false }) as HTMLInputElement;
    expect(input().value).toBe('München');
    fireEvent.change(input(), { target: { value: 'Mün' } });
    fireEvent.click(await screen.findByRole('button', { name: 'München (DE)' }));
    expect(input().value).toBe('München');
    const { population: _, ...kept } = MUNICH;
    expect(onChange.mock.calls.at(-1)).toEqual(['city', kept]);
  });

  it('says so when no place matches, and empties the value when the text is wiped', async () => {
    const search = citySearchOf(async () => []);
    const onChange = renderForm({ fields: [city], citySearch: search.logic });
    fireEvent.change(screen.getByLabelText('Wohnort', { exact: false }), { target: { value: 'Xyzqwv' } });
    expect((await screen.findByRole('status')).textContent).toBe('No place found');
    fireEvent.change(screen.getByLabelText('Wohnort', { exact: false }), { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([
      ['city', 'Xyzqwv'],
      ['city', null],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a running search as busy and a failed one with a retry', async () => {
    let fail = true;
    let release = () => {};
    const search = citySearchOf(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (fail) throw new Error('offline');
      return [BERLIN];
    });
    renderForm({ fields: [city], citySearch: search.logic });
    fireEvent.change(screen.getByLabelText('Wohnort', { exact: false }), { target: { value: 'Ber' } });
    expect((await screen.findByRole('status')).textContent).toBe('Searching…');
    release();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The city search did not answer. Please try again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('status');
    release();
    expect(await screen.findByRole('button', { name: 'Berlin (DE)' })).toBeTruthy();
    expect(search.queries).toEqual(['Ber', 'Ber']);
  });

  it('names text that cannot be stored, and dates out of range, in the user’s words', () => {
    renderForm({
      fields: [fields[0]!, birthDate],
      errors: { first_name: ['field.invalid_text'], birth_date: ['field.date_too_late'] },
    });
    expect(
      screen.getByText('This text holds characters that cannot be saved. Please retype it.'),
    ).toBeTruthy();
    expect(screen.getByText('This date is too late.')).toBeTruthy();
  });
});
