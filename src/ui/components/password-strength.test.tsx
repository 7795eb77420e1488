// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordStrength } from './password-strength';

afterEach(cleanup);

const show = (password: string) =>
  render(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
      <PasswordStrength password={password} email="ada@example.com" />
    </I18nProvider>,
  );

describe('the password strength line', () => {
  it('says the password is not rated yet while nothing is typed, instead of "very weak" or a blank gap', () => {
    show('');
    const line = screen.getByRole('meter').parentElement;
    expect(line?.textContent).toContain('Strength: not rated yet');
    expect(line?.getAttribute('data-scored')).toBe('false');
  });

  it('rates a typed password once the scorer has loaded', async () => {
    show('correct horse battery staple organ');
    const line = screen.getByRole('meter').parentElement;
    await expect.poll(() => line?.getAttribute('data-scored'), { timeout: 10_000 }).toBe('true');
    expect(line?.textContent).toMatch(/Strength: (very weak|weak|fair|strong|very strong)$/);
    expect(line?.textContent).not.toContain('not rated');
  });
});
