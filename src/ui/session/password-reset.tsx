import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { PasswordResetRequestSchema, PasswordSchema } from '../../../contract/account';
import { formErrors } from '../../../contract/form-errors';
import { EmailSchema } from '../../../contract/session';
import { accountLogic } from '../../machines/account/account-actors';
import { useAppActors } from '../components/app-context';
import { FormError, TextField } from '../components/native-text-field';
import { PasswordStrength } from '../components/password-strength';
import { Screen } from '../components/screen';
import { useSubmission } from '../components/use-submission';

/** forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { logic } = useAppActors();
  const request = useSubmission(accountLogic(logic).requests.requestPasswordReset);
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = formErrors(PasswordResetRequestSchema, {
      email: String(new FormData(event.currentTarget).get('email') ?? ''),
    });
    if (!parsed.ok) return setFieldError(parsed.fields.email?.[0] ?? null);
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

const ResetFormSchema = v.object({ email: EmailSchema, password: PasswordSchema });
const resetRoute = getRouteApi('/user/reset-password/$token');

/**
 * user/reset-password/{token}: reachable only with a live token (the route's guard checks it). The
 * address comes from the server's check of the token; the user only chooses the new password.
 */
export function ResetPasswordScreen() {
  const { t } = useLingui();
  const { logic, locale } = useAppActors();
  const { token } = resetRoute.useParams();
  const { resetEmail: email } = resetRoute.useRouteContext();
  const reset = useSubmission((body: { email: string; password: string }) =>
    accountLogic(logic).requests.resetPassword({
      ...body,
      token,
      language: locale.getSnapshot().context.language,
    }),
  );
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fieldError = (key: string) => errors[key]?.[0] ?? reset.fields[key]?.[0];
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = formErrors(ResetFormSchema, { email, password });
    setErrors(parsed.ok ? {} : parsed.fields);
    if (parsed.ok) reset.submit(parsed.output);
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
            readOnly
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
