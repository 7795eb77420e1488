// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError } from './form-error';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const show = (code: string | null, fieldErrors?: Record<string, string[]>) =>
  render(
    <I18nProvider i18n={i18n}>
      <FormError code={code} fieldErrors={fieldErrors} />
    </I18nProvider>,
  );

describe('the form’s banner says what no field says', () => {
  afterEach(cleanup);

  it('stays away when a shown field carries the same code (the phone number refused)', () => {
    show('phone.not_mobile', { phoneNumber: ['phone.not_mobile'] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays away for "check the fields" when fields say what is wrong', () => {
    show('request.invalid', { phoneNumber: ['phone.invalid'] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a code no field explains, and "check the fields" without any field', () => {
    show('auth.invalid_password', { phoneNumber: ['phone.invalid'] });
    expect(screen.getByRole('alert')).toBeTruthy();
    cleanup();
    show('request.invalid', {});
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
