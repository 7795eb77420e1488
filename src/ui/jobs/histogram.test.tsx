// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as deMessages } from '../../locales/de.po';
import { messages as enMessages } from '../../locales/en.po';
import { Histogram } from './histogram';

const bins = (n: number) => Array.from({ length: 20 }, (_, i) => (i === 19 ? n : 0));

function show(locale: 'de' | 'en', count: number) {
  const i18n = setupI18n({ locale, messages: { de: deMessages, en: enMessages } });
  render(
    <I18nProvider i18n={i18n}>
      <Histogram bins={bins(count)} />
    </I18nProvider>,
  );
  return screen.getByRole('img').getAttribute('aria-label');
}

describe('counts take the plural form of the language', () => {
  afterEach(cleanup);

  it('says "1 Kandidat/in" and "2 Kandidat/innen" in German', () => {
    expect(show('de', 1)).toBe('Verteilung der Punktzahlen: 1 Kandidat/in, davon 1 mit 80 oder mehr');
    cleanup();
    expect(show('de', 2)).toBe('Verteilung der Punktzahlen: 2 Kandidat/innen, davon 2 mit 80 oder mehr');
  });

  it('says "1 candidate" and "1,208 candidates" in English', () => {
    expect(show('en', 1)).toBe('Score distribution: 1 candidate, 1 of them score 80 or more');
    cleanup();
    expect(show('en', 1208)).toBe('Score distribution: 1,208 candidates, 1,208 of them score 80 or more');
  });
});
