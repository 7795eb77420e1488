import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { phoneForms } from '../../machines/account/account-actors';
import type { PhoneSetupActor } from '../../machines/account/phone-setup.machine';
import { FormError } from './form-error';
import { useFormFields } from './form-fields';
import { ResendButton } from './resend-button';
import { Select, sortedByLabel } from './select';
import { TextField } from './text-field';

/**
 * The phone-setup machine's screen: a number (with the current password in the settings), then the
 * SMS code with a resend countdown and a way to use another number. Registration and account
 * settings both show it. Each step is a form machine (../../machines/account/phone-forms.machine.ts)
 * that hands its checked values to the phone setup, which runs the calls and the steps.
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
  const awaitingCode = useSelector(phone, (s) => s.hasTag('awaitingCode'));
  // A form each time its step is shown: a new number starts empty, and so does its code.
  return awaitingCode ? (
    <CodeForm phone={phone} idPrefix={idPrefix} />
  ) : (
    <NumberForm phone={phone} idPrefix={idPrefix} withPassword={withPassword} sendLabel={sendLabel} />
  );
}

function NumberForm({
  phone,
  idPrefix,
  withPassword,
  sendLabel,
}: {
  phone: PhoneSetupActor;
  idPrefix: string;
  withPassword: boolean;
  sendLabel: string;
}) {
  const { i18n } = useLingui();
  const codes = useSelector(phone, (s) => s.context.countries);
  // Only where SMS go (the server's SMS_COUNTRIES), by their names in the user's language.
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return sortedByLabel(
      codes.map((code) => ({ id: code, label: names.of(code) ?? code })),
      i18n.locale,
    );
  }, [codes, i18n.locale]);
  const forms = useMemo(() => phoneForms(phone), [phone]);
  const countryCode = String(codes.includes('DE') ? 'DE' : (countries[0]?.id ?? ''));
  const form = useActorRef(withPassword ? forms.change : forms.number, {
    input: { values: { countryCode } },
  });
  const { snapshot, field, choose, submit } = useFormFields(form);
  const busy = snapshot.hasTag('busy');
  const country = field('countryCode');
  return (
    <form className="form" noValidate aria-busy={busy} onSubmit={submit}>
      <FormError code={snapshot.context.error} />
      {withPassword && (
        <TextField
          id={`${idPrefix}-current-password`}
          {...field('currentPassword')}
          type="password"
          autoComplete="current-password"
          label={<Trans>Current password</Trans>}
        />
      )}
      <Select
        id={`${idPrefix}-country`}
        name="countryCode"
        label={<Trans>Country</Trans>}
        options={countries}
        selectedKey={country.value}
        onSelectionChange={(key) => choose('countryCode', String(key))}
        errorMessage={country.errorMessage}
      />
      <TextField
        id={`${idPrefix}-number`}
        {...field('phoneNumber')}
        type="tel"
        autoComplete="tel-national"
        label={<Trans>Mobile number</Trans>}
      />
      <button type="submit" className="button" disabled={busy}>
        {sendLabel}
      </button>
    </form>
  );
}

function CodeForm({ phone, idPrefix }: { phone: PhoneSetupActor; idPrefix: string }) {
  const { t } = useLingui();
  const phoneBusy = useSelector(phone, (s) => s.hasTag('busy'));
  // A resend's refusal (too soon, too many) is the phone setup's; a code's is the form's.
  const phoneError = useSelector(phone, (s) => s.context.error);
  const pendingPhone = useSelector(phone, (s) => s.context.pendingPhone);
  const cooldown = useSelector(phone, (s) => s.context.cooldown);
  const forms = useMemo(() => phoneForms(phone), [phone]);
  const { snapshot, field, submit } = useFormFields(useActorRef(forms.code, { input: {} }));
  const busy = phoneBusy || snapshot.hasTag('busy');
  return (
    <form className="form" noValidate aria-busy={busy} onSubmit={submit}>
      <FormError code={snapshot.context.error ?? phoneError} />
      <p role="status">
        <Trans>We have sent a six-digit code to {pendingPhone}.</Trans>
      </p>
      <TextField
        id={`${idPrefix}-code`}
        {...field('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        label={<Trans>Code from the SMS</Trans>}
      />
      <button type="submit" className="button" disabled={busy}>
        <Trans>Confirm</Trans>
      </button>
      <ResendButton
        cooldown={cooldown}
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
