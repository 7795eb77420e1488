// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider as LinguiProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as deMessages } from '../../locales/de.po';
import { Select } from './select';

afterEach(cleanup);

const OPTIONS = [
  { id: 'all', label: 'Alle' },
  { id: 'active', label: 'Aktiv' },
];

function renderSelect(props: Partial<Parameters<typeof Select>[0]> = {}) {
  const onSelectionChange = vi.fn();
  render(
    <LinguiProvider i18n={setupI18n({ locale: 'de', messages: { de: deMessages } })}>
      <I18nProvider locale="de-DE">
        <form aria-label="Filter">
          <Select
            label="Status"
            name="status"
            options={OPTIONS}
            defaultSelectedKey="all"
            onSelectionChange={onSelectionChange}
            {...props}
          />
        </form>
      </I18nProvider>
    </LinguiProvider>,
  );
  return onSelectionChange;
}

const button = () => screen.getByRole('button', { name: 'Alle Status' });
/** react-aria's select has mounted: it renders its hidden native select for forms and autofill. */
const mounted = () => document.querySelector('select') !== null;

describe('a select at rest (issue 22)', () => {
  it('is a closed select before anyone reaches for it: named by its value and label, its value in the form', () => {
    renderSelect();
    expect(button().getAttribute('aria-haspopup')).toBe('listbox');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(mounted()).toBe(false);
    const form = screen.getByRole('form', { name: 'Filter' }) as HTMLFormElement;
    expect(new FormData(form).get('status')).toBe('all');
  });

  it('becomes react-aria’s select when the pointer comes over it, still closed', () => {
    renderSelect();
    fireEvent.pointerEnter(button());
    expect(mounted()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('hands the focus to react-aria’s select when focused', () => {
    renderSelect();
    fireEvent.focus(button());
    expect(mounted()).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('opens the list on a click of its own (an assistive technology’s), and the choice is taken', () => {
    const onSelectionChange = renderSelect();
    fireEvent.click(button());
    fireEvent.click(screen.getByRole('option', { name: 'Aktiv' }));
    expect(onSelectionChange).toHaveBeenCalledWith('active');
  });

  it('shows the empty text in the UI’s language without a choice, and a disabled one stays out of reach', () => {
    renderSelect({ defaultSelectedKey: undefined, isDisabled: true });
    const empty = screen.getByRole('button', { name: 'Element wählen Status' }) as HTMLButtonElement;
    expect(empty.disabled).toBe(true);
  });
});
