import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { LoginRequestSchema } from '../../../contract/session';
import { useAppActors } from '../components/app-context';
import { fieldMessage } from '../components/error-message';
import { FormError } from '../components/form-error';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

type Field = 'email' | 'password';

const loginRoute = getRouteApi('/login');

/** Login (SEED-SPEC §2): one message for wrong password, unknown address and a locked login. */
export function LoginScreen() {
  const { t, i18n } = useLingui();
  const { session, locale } = useAppActors();
  const busy = useSelector(session, (s) => s.matches('authenticating'));
  const serverError = useSelector(session, (s) => (s.matches('loggedOut') ? s.context.error : null));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const { notice } = loginRoute.useSearch();

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
      {notice === 'reset-link-invalid' && (
        <div className="form-error" role="alert">
          <p>
            <Trans>
              This link to choose a new password no longer works: it was already used, is older than one hour,
              or is incomplete.
            </Trans>
          </p>
          <p>
            <Link to="/forgot-password">
              <Trans>Request a new link</Trans>
            </Link>
          </p>
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {/* A new attempt the form refuses replaces the last one's answer: one message, at the fields. */}
        <FormError code={Object.keys(fieldErrors).length > 0 ? null : serverError} />
        <TextField
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          isRequired
          label={<Trans>E-mail address</Trans>}
          errorMessage={fieldMessage(i18n, fieldErrors.email)}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          isRequired
          label={<Trans>Password</Trans>}
          errorMessage={fieldMessage(i18n, fieldErrors.password)}
        />
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
