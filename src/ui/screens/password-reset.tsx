import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { PasswordResetRequestSchema, PasswordSchema } from '../../../contract/account';
import { EmailSchema } from '../../../contract/session';
import { requestPasswordResetCall, resetPasswordCall } from '../../api/account';
import { useAppActors } from '../app-context';
import { PasswordStrength } from '../password-strength';
import { Screen } from '../screen';
import { FormError, TextField } from '../text-field';
import { useSubmission } from '../use-submission';

/** forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { api } = useAppActors();
  const request = useSubmission((email: string) => requestPasswordResetCall(api, email));
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(PasswordResetRequestSchema, {
      email: String(new FormData(event.currentTarget).get('email') ?? ''),
    });
    if (!parsed.success) return setFieldError(parsed.issues[0].message);
    setFieldError(null);
    request.submit(parsed.output.email);
  }
  return (
    <Screen title={t`Forgot your password?`}>
      {request.done ? (
        <p role="status">
          <Trans>
            If an account exists for this address, we have sent it a link to choose a new password. It is
            valid for one hour.
          </Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>Enter your e-mail address and we will send you a link to choose a new password.</Trans>
          </p>
          <form className="form" onSubmit={submit} noValidate aria-busy={request.busy}>
            <FormError code={request.error} />
            <TextField
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              label={<Trans>E-mail address</Trans>}
              error={fieldError}
            />
            <button type="submit" className="button" disabled={request.busy}>
              <Trans>Send link</Trans>
            </button>
          </form>
        </>
      )}
    </Screen>
  );
}

/** user/reset-password/{token}: reachable only with a live token (the route's guard checks it). */
export function ResetPasswordScreen() {
  const { t } = useLingui();
  const { api, locale } = useAppActors();
  const { token } = useParams({ from: '/user/reset-password/$token' });
  const reset = useSubmission((body: { email: string; password: string }) =>
    resetPasswordCall(api, { ...body, token, language: locale.getSnapshot().context.language }),
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldError = (key: string) => errors[key] ?? reset.fields[key]?.[0];
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const e = v.safeParse(EmailSchema, email);
    if (!e.success) found.email = e.issues[0].message;
    const p = v.safeParse(PasswordSchema, password);
    if (!p.success) found.password = p.issues[0].message;
    setErrors(found);
    if (Object.keys(found).length === 0) reset.submit({ email, password });
  }
  return (
    <Screen title={t`Choose a new password`}>
      {reset.done ? (
        <>
          <p role="status">
            <Trans>Your password is changed. Every other session has been ended; please log in again.</Trans>
          </p>
          <p>
            <Link to="/login" className="button">
              <Trans>Log in</Trans>
            </Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate aria-busy={reset.busy}>
          <FormError code={reset.error === 'request.invalid' ? null : reset.error} />
          <TextField
            id="reset-email"
            name="email"
            type="email"
            autoComplete="username"
            label={<Trans>E-mail address</Trans>}
            value={email}
            onChange={(ev) => setEmail(ev.target.value)}
            error={fieldError('email')}
          />
          <TextField
            id="reset-password"
            name="password"
            type="password"
            autoComplete="new-password"
            label={<Trans>New password</Trans>}
            value={password}
            onChange={(ev) => setPassword(ev.target.value)}
            error={fieldError('password')}
          />
          <PasswordStrength password={password} email={email} />
          <button type="submit" className="button" disabled={reset.busy}>
            <Trans>Set new password</Trans>
          </button>
        </form>
      )}
    </Screen>
  );
}
