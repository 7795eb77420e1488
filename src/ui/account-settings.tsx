import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { PasswordSchema, PhoneConfirmSchema } from '../../contract/account';
import type { TokenPair } from '../../contract/session';
import {
  changePasswordCall,
  changePhoneCall,
  confirmPhoneCall,
  deleteAccountCall,
  disableTwoFactorCall,
} from '../api/account';
import { useAppActors } from './app-context';
import { FormError, TextField } from './text-field';
import { useSubmission } from './use-submission';

/** Change password, change or remove the SMS phone, delete the account: each needs the current password. */
export function AccountSettings() {
  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title">
        <Trans>Account</Trans>
      </h2>
      <ChangePassword />
      <PhoneSettings />
      <DeleteAccount />
    </section>
  );
}

/** New tokens from a settings call go to the session (the claims changed). */
function useTokens() {
  const { session } = useAppActors();
  return (pair: TokenPair) =>
    session.send({
      type: 'session.tokensIssued',
      credentials: pair.refresh_token
        ? { token: pair.token, refreshToken: pair.refresh_token }
        : { token: pair.token },
    });
}

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

function ChangePassword() {
  const { t } = useLingui();
  const { api } = useAppActors();
  const tokens = useTokens();
  const change = useSubmission(async (input: { current: string; next: string; form: HTMLFormElement }) => {
    tokens(await changePasswordCall(api, input.current, input.next));
    input.form.reset();
  });
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next = v.safeParse(PasswordSchema, field(form, 'newPassword'));
    if (!next.success) return setFieldError(next.issues[0].message);
    setFieldError(null);
    change.submit({ current: field(form, 'currentPassword'), next: next.output, form });
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">
        <Trans>Change password</Trans>
      </h3>
      <FormError code={change.error} />
      {change.done && <p role="status">{t`Your password is changed; other sessions were ended.`}</p>}
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <TextField
        id="new-password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        label={<Trans>New password</Trans>}
        error={fieldError ?? change.fields.newPassword?.[0]}
      />
      <button type="submit" disabled={change.busy}>
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}

function PhoneSettings() {
  const { t } = useLingui();
  const { api, session } = useAppActors();
  const tokens = useTokens();
  const claims = useSelector(session, (s) => s.context.claims);
  const changeNumber = useSubmission(
    (body: { currentPassword: string; phoneNumber: string; countryCode: string }) =>
      changePhoneCall(api, body),
  );
  const confirm = useSubmission(async (code: string) => {
    tokens(await confirmPhoneCall(api, code));
    changeNumber.reset();
  });
  const disable = useSubmission(async (currentPassword: string) =>
    tokens(await disableTwoFactorCall(api, currentPassword)),
  );
  const [codeError, setCodeError] = useState<string | null>(null);
  if (!claims) return null;
  const enabled = claims.mfa_status === 'enabled';
  // A code was sent to the new number and is not confirmed yet.
  const awaitingCode = changeNumber.done;
  return (
    <div className="form">
      <h3>
        <Trans>SMS login protection</Trans>
      </h3>
      <p>{enabled ? <Trans>On, with the number {claims.phone_number}.</Trans> : <Trans>Off.</Trans>}</p>
      <FormError code={changeNumber.error ?? codeError ?? confirm.error ?? disable.error} />
      {awaitingCode && <p role="status">{t`We have sent a code to the new number.`}</p>}
      {confirm.done && !awaitingCode && (
        <p role="status">{t`SMS login protection is on with the new number.`}</p>
      )}
      {disable.done && <p role="status">{t`SMS login protection is off.`}</p>}
      {!awaitingCode ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            changeNumber.submit({
              currentPassword: field(form, 'currentPassword'),
              phoneNumber: field(form, 'phoneNumber'),
              countryCode: field(form, 'countryCode') || 'DE',
            });
          }}
        >
          <TextField
            id="phone-current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={<Trans>Current password</Trans>}
          />
          <TextField
            id="phone-country-code"
            name="countryCode"
            defaultValue="DE"
            maxLength={2}
            label={<Trans>Country code (e.g. DE)</Trans>}
          />
          <TextField
            id="phone-new-number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            label={<Trans>Mobile number</Trans>}
          />
          <button type="submit" disabled={changeNumber.busy}>
            {enabled ? <Trans>Change number</Trans> : <Trans>Turn on with this number</Trans>}
          </button>
        </form>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = v.safeParse(PhoneConfirmSchema, { code: field(e.currentTarget, 'code') });
            if (!parsed.success) return setCodeError(parsed.issues[0].message);
            setCodeError(null);
            confirm.submit(parsed.output.code);
          }}
        >
          <TextField
            id="phone-settings-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            label={<Trans>Code from the SMS</Trans>}
          />
          <button type="submit" disabled={confirm.busy}>
            <Trans>Confirm</Trans>
          </button>
        </form>
      )}
      {enabled && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            disable.submit(field(e.currentTarget, 'currentPassword'));
          }}
        >
          <TextField
            id="disable-2fa-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={<Trans>Current password</Trans>}
          />
          <button type="submit" disabled={disable.busy}>
            <Trans>Turn SMS protection off</Trans>
          </button>
        </form>
      )}
    </div>
  );
}

function DeleteAccount() {
  const { t } = useLingui();
  const { api, session } = useAppActors();
  const navigate = useNavigate();
  const remove = useSubmission(async (password: string) => {
    await deleteAccountCall(api, password);
    session.send({ type: 'session.logout' });
    await navigate({ to: '/' });
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = field(event.currentTarget, 'password');
    if (window.confirm(t`Delete your account and all your data now? This cannot be undone.`))
      remove.submit(password);
  }
  return (
    <form className="form danger" onSubmit={submit} noValidate aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">
        <Trans>Delete account</Trans>
      </h3>
      <p>
        <Trans>
          This deletes your account, your profile, your photo and all messages to you at once. It cannot be
          undone.
        </Trans>
      </p>
      <FormError code={remove.error} />
      <TextField
        id="delete-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <button type="submit" className="button danger" disabled={remove.busy}>
        <Trans>Delete my account</Trans>
      </button>
    </form>
  );
}
