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

type Submission = { state: 'editing' | 'sending' | 'sent'; error: string | null };
const codeOf = (e: unknown) => (e as { code?: string }).code ?? 'network.unreachable';

/** forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { api } = useAppActors();
  const [submission, setSubmission] = useState<Submission>({ state: 'editing', error: null });
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(PasswordResetRequestSchema, {
      email: String(new FormData(event.currentTarget).get('email') ?? ''),
    });
    if (!parsed.success) return setFieldError(parsed.issues[0].message);
    setFieldError(null);
    setSubmission({ state: 'sending', error: null });
    requestPasswordResetCall(api, parsed.output.email).then(
      () => setSubmission({ state: 'sent', error: null }),
      (e) => setSubmission({ state: 'editing', error: codeOf(e) }),
    );
  }
  return (
    <Screen title={t`Forgot your password?`}>
      {submission.state === 'sent' ? (
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
          <form className="form" onSubmit={submit} noValidate aria-busy={submission.state === 'sending'}>
            <FormError code={submission.error} />
            <TextField
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              label={<Trans>E-mail address</Trans>}
              error={fieldError}
            />
            <button type="submit" className="button" disabled={submission.state === 'sending'}>
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submission, setSubmission] = useState<Submission>({ state: 'editing', error: null });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const e = v.safeParse(EmailSchema, email);
    if (!e.success) found.email = e.issues[0].message;
    const p = v.safeParse(PasswordSchema, password);
    if (!p.success) found.password = p.issues[0].message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmission({ state: 'sending', error: null });
    resetPasswordCall(api, { email, token, password, language: locale.getSnapshot().context.language }).then(
      () => setSubmission({ state: 'sent', error: null }),
      (error) => {
        const fields = (error as { fields?: Record<string, string[]> }).fields ?? {};
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, codes]) => [k, codes[0] ?? ''])));
        setSubmission({ state: 'editing', error: codeOf(error) });
      },
    );
  }
  return (
    <Screen title={t`Choose a new password`}>
      {submission.state === 'sent' ? (
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
        <form className="form" onSubmit={submit} noValidate aria-busy={submission.state === 'sending'}>
          <FormError code={submission.error === 'request.invalid' ? null : submission.error} />
          <TextField
            id="reset-email"
            name="email"
            type="email"
            autoComplete="username"
            label={<Trans>E-mail address</Trans>}
            value={email}
            onChange={(ev) => setEmail(ev.target.value)}
            error={errors.email}
          />
          <TextField
            id="reset-password"
            name="password"
            type="password"
            autoComplete="new-password"
            label={<Trans>New password</Trans>}
            value={password}
            onChange={(ev) => setPassword(ev.target.value)}
            error={errors.password}
          />
          <PasswordStrength password={password} email={email} />
          <button type="submit" className="button" disabled={submission.state === 'sending'}>
            <Trans>Set new password</Trans>
          </button>
        </form>
      )}
    </Screen>
  );
}
