import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { loginFormLogic } from '../../machines/session/login-form.machine';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

const loginRoute = getRouteApi('/login');

/** Login (SEED-SPEC §2): one message for wrong password, unknown address and a locked login. */
export function LoginScreen() {
  const { t } = useLingui();
  const { session, locale } = useAppActors();
  // The session owns the login; the form hands it the checked values in the page's language.
  const logic = useMemo(
    () => loginFormLogic(session, () => locale.getSnapshot().context.language),
    [session, locale],
  );
  const { snapshot, field, submit } = useFormFields(useActorRef(logic, { input: {} }));
  const busy = snapshot.hasTag('busy');
  const { notice } = loginRoute.useSearch();

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
        <FormError code={snapshot.context.error} />
        <TextField
          id="login-email"
          {...field('email')}
          type="email"
          autoComplete="username"
          isRequired
          label={<Trans>E-mail address</Trans>}
        />
        <TextField
          id="login-password"
          {...field('password')}
          type="password"
          autoComplete="current-password"
          isRequired
          label={<Trans>Password</Trans>}
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
