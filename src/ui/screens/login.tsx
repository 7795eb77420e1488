import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { LoginRequestSchema } from '../../../contract/session';
import { useAppActors } from '../app-context';
import { errorMessage } from '../error-message';
import { Screen } from '../screen';

type Field = 'email' | 'password';

/** Login (SEED-SPEC §2): one message for wrong password, unknown address and a locked login. */
export function LoginScreen() {
  const { t, i18n } = useLingui();
  const { session, locale } = useAppActors();
  const busy = useSelector(session, (s) => s.matches('authenticating'));
  const serverError = useSelector(session, (s) => (s.matches('loggedOut') ? s.context.error : null));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = v.safeParse(LoginRequestSchema, {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      locale: locale.getSnapshot().context.language,
    });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.issues) {
        const key = v.getDotPath(issue) as Field | null;
        if (key && !errors[key]) errors[key] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    session.send({ type: 'session.login', ...parsed.output });
  }

  return (
    <Screen title={t`Log in`}>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {serverError && (
          <p className="form-error" role="alert">
            {errorMessage(i18n, serverError)}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-email">
            <Trans>E-mail address</Trans>
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            aria-invalid={Boolean(fieldErrors.email)}
            aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
          />
          {fieldErrors.email && (
            <p id="login-email-error" className="field-error">
              {errorMessage(i18n, fieldErrors.email)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="login-password">
            <Trans>Password</Trans>
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          />
          {fieldErrors.password && (
            <p id="login-password-error" className="field-error">
              {errorMessage(i18n, fieldErrors.password)}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
      <p>
        <Link to="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <p>
        <Trans>New here?</Trans>{' '}
        <Link to="/register">
          <Trans>Register</Trans>
        </Link>
      </p>
    </Screen>
  );
}
