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

type Status = { busy: boolean; error: string | null; done: string | null };
const idle: Status = { busy: false, error: null, done: null };
const codeOf = (e: unknown) => (e as { code?: string }).code ?? 'network.unreachable';

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

function ChangePassword() {
  const { t } = useLingui();
  const { api } = useAppActors();
  const tokens = useTokens();
  const [status, setStatus] = useState<Status>(idle);
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const next = v.safeParse(PasswordSchema, String(data.get('newPassword') ?? ''));
    if (!next.success) return setFieldError(next.issues[0].message);
    setFieldError(null);
    setStatus({ busy: true, error: null, done: null });
    changePasswordCall(api, String(data.get('currentPassword') ?? ''), next.output).then(
      (pair) => {
        tokens(pair);
        form.reset();
        setStatus({
          busy: false,
          error: null,
          done: t`Your password is changed; other sessions were ended.`,
        });
      },
      (e) => setStatus({ busy: false, error: codeOf(e), done: null }),
    );
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">
        <Trans>Change password</Trans>
      </h3>
      <FormError code={status.error} />
      {status.done && <p role="status">{status.done}</p>}
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
        error={fieldError}
      />
      <button type="submit" disabled={status.busy}>
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
  const [status, setStatus] = useState<Status>(idle);
  const [awaitingCode, setAwaitingCode] = useState(false);
  if (!claims) return null;
  const enabled = claims.mfa_status === 'enabled';
  const run = (work: Promise<unknown>, done: string, after?: () => void) => {
    setStatus({ busy: true, error: null, done: null });
    work.then(
      () => {
        after?.();
        setStatus({ busy: false, error: null, done });
      },
      (e) => setStatus({ busy: false, error: codeOf(e), done: null }),
    );
  };
  return (
    <div className="form">
      <h3>
        <Trans>SMS login protection</Trans>
      </h3>
      <p>{enabled ? <Trans>On, with the number {claims.phone_number}.</Trans> : <Trans>Off.</Trans>}</p>
      <FormError code={status.error} />
      {status.done && <p role="status">{status.done}</p>}
      {!awaitingCode ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            run(
              changePhoneCall(api, {
                currentPassword: String(data.get('currentPassword') ?? ''),
                phoneNumber: String(data.get('phoneNumber') ?? ''),
                countryCode: String(data.get('countryCode') ?? 'DE'),
              }),
              t`We have sent a code to the new number.`,
              () => setAwaitingCode(true),
            );
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
          <button type="submit" disabled={status.busy}>
            {enabled ? <Trans>Change number</Trans> : <Trans>Turn on with this number</Trans>}
          </button>
        </form>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = v.safeParse(PhoneConfirmSchema, {
              code: String(new FormData(e.currentTarget).get('code') ?? ''),
            });
            if (!parsed.success) return setStatus({ ...idle, error: parsed.issues[0].message });
            run(
              confirmPhoneCall(api, parsed.output.code).then(tokens),
              t`SMS login protection is on with the new number.`,
              () => setAwaitingCode(false),
            );
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
          <button type="submit" disabled={status.busy}>
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
            const data = new FormData(e.currentTarget);
            run(
              disableTwoFactorCall(api, String(data.get('currentPassword') ?? '')).then(tokens),
              t`SMS login protection is off.`,
            );
          }}
        >
          <TextField
            id="disable-2fa-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={<Trans>Current password</Trans>}
          />
          <button type="submit" disabled={status.busy}>
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
  const [status, setStatus] = useState<Status>(idle);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!window.confirm(t`Delete your account and all your data now? This cannot be undone.`)) return;
    setStatus({ busy: true, error: null, done: null });
    deleteAccountCall(api, password).then(
      () => {
        session.send({ type: 'session.logout' });
        void navigate({ to: '/' });
      },
      (e) => setStatus({ busy: false, error: codeOf(e), done: null }),
    );
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
      <FormError code={status.error} />
      <TextField
        id="delete-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <button type="submit" className="button danger" disabled={status.busy}>
        <Trans>Delete my account</Trans>
      </button>
    </form>
  );
}
