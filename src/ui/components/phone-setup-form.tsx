import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useMemo } from 'react';
import type { PhoneSetupActor } from '../../machines/account/phone-setup.machine';
import { fieldMessage } from './error-message';
import { FormError } from './form-error';
import { ResendButton } from './resend-button';
import { Select, sortedByLabel } from './select';
import { TextField } from './text-field';

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

/** A submit handler that hands the form to `send` (the machine checks the values) instead of the browser posting it. */
const submitted = (send: (form: HTMLFormElement) => void) => (e: FormEvent<HTMLFormElement>) => {
  e.preventDefault();
  send(e.currentTarget);
};

/**
 * The phone-setup machine's screen: a number (with the current password in the settings), then the
 * SMS code with a resend countdown and a way to use another number. Registration and account
 * settings both show it.
 */
export function PhoneSetupForm({
  phone,
  idPrefix,
  withPassword,
  sendLabel,
}: {
  phone: PhoneSetupActor;
  idPrefix: string;
  /** The account settings ask for the current password before a number changes. */
  withPassword: boolean;
  sendLabel: string;
}) {
  const { t, i18n } = useLingui();
  const awaitingCode = useSelector(phone, (s) => s.hasTag('awaitingCode'));
  const busy = useSelector(phone, (s) => s.hasTag('busy'));
  const error = useSelector(phone, (s) => s.context.error);
  // The machine checks each form with its request's schema; the server's codes land here too.
  const fieldErrors = useSelector(phone, (s) => s.context.fieldErrors);
  const pendingPhone = useSelector(phone, (s) => s.context.pendingPhone);
  const allowedAt = useSelector(phone, (s) => s.context.resendAllowedAt);
  const codes = useSelector(phone, (s) => s.context.countries);
  const first = (key: string) => fieldErrors[key]?.[0];
  // Only where SMS go (the server's SMS_COUNTRIES), by their names in the user's language.
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return sortedByLabel(
      codes.map((code) => ({ id: code, label: names.of(code) ?? code })),
      i18n.locale,
    );
  }, [codes, i18n.locale]);

  if (awaitingCode) {
    return (
      <form
        className="form"
        noValidate
        aria-busy={busy}
        onSubmit={submitted((form) => phone.send({ type: 'phone.confirm', code: field(form, 'code') }))}
      >
        <FormError code={error} fieldErrors={fieldErrors} />
        <p role="status">
          <Trans>We have sent a six-digit code to {pendingPhone}.</Trans>
        </p>
        <TextField
          id={`${idPrefix}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          label={<Trans>Code from the SMS</Trans>}
          errorMessage={fieldMessage(i18n, first('code'))}
        />
        <button type="submit" className="button" disabled={busy}>
          <Trans>Confirm</Trans>
        </button>
        <ResendButton
          allowedAt={allowedAt}
          busy={busy}
          label={t`Send a new code`}
          onResend={() => phone.send({ type: 'phone.resend' })}
        />
        <button type="button" disabled={busy} onClick={() => phone.send({ type: 'phone.change' })}>
          <Trans>Use another number</Trans>
        </button>
      </form>
    );
  }

  return (
    <form
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={submitted((form) =>
        phone.send({
          type: 'phone.send',
          request: {
            phoneNumber: field(form, 'phoneNumber'),
            countryCode: field(form, 'countryCode'),
            ...(withPassword ? { currentPassword: field(form, 'currentPassword') } : {}),
          },
        }),
      )}
    >
      <FormError code={error} fieldErrors={fieldErrors} />
      {withPassword && (
        <TextField
          id={`${idPrefix}-current-password`}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          label={<Trans>Current password</Trans>}
          errorMessage={fieldMessage(i18n, first('currentPassword'))}
        />
      )}
      <Select
        id={`${idPrefix}-country`}
        name="countryCode"
        label={<Trans>Country</Trans>}
        options={countries}
        defaultSelectedKey={codes.includes('DE') ? 'DE' : countries[0]?.id}
        errorMessage={fieldMessage(i18n, first('countryCode'))}
      />
      <TextField
        id={`${idPrefix}-number`}
        name="phoneNumber"
        type="tel"
        autoComplete="tel-national"
        label={<Trans>Mobile number</Trans>}
        errorMessage={fieldMessage(i18n, first('phoneNumber'))}
      />
      <button type="submit" className="button" disabled={busy}>
        {sendLabel}
      </button>
    </form>
  );
}
