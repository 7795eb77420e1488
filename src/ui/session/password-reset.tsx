import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { accountLogic } from '../../machines/account/account-actors';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { NewPasswordField } from '../components/new-password-field';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

/** forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { logic } = useAppActors();
  const form = useActorRef(accountLogic(logic).passwordResetRequest, { input: {} });
  const { snapshot, field, submit } = useFormFields(form);
  const busy = snapshot.hasTag('busy');
  return (
    <Screen title={t`Forgot your password?`}>
      {snapshot.matches('done') ? (
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
          <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
            <FormError code={snapshot.context.error} />
            <TextField
              id="forgot-email"
              {...field('email')}
              type="email"
              autoComplete="email"
              label={<Trans>E-mail address</Trans>}
            />
            <button type="submit" className="button" disabled={busy}>
              <Trans>Send link</Trans>
            </button>
          </form>
        </>
      )}
    </Screen>
  );
}

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
  const form = useActorRef(accountLogic(logic).passwordReset, {
    // The mails that follow speak the language the page was opened in.
    input: { values: { email }, fixed: { token, language: locale.getSnapshot().context.language } },
  });
  const { snapshot, field, submit } = useFormFields(form);
  const busy = snapshot.hasTag('busy');
  return (
    <Screen title={t`Choose a new password`}>
      {snapshot.matches('done') ? (
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
        <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
          <FormError code={snapshot.context.error} />
          <TextField
            id="reset-email"
            {...field('email')}
            type="email"
            autoComplete="username"
            label={<Trans>E-mail address</Trans>}
            isReadOnly
          />
          <NewPasswordField
            id="reset-password"
            {...field('password')}
            email={email}
            label={<Trans>New password</Trans>}
          />
          <button type="submit" className="button" disabled={busy}>
            <Trans>Set new password</Trans>
          </button>
        </form>
      )}
    </Screen>
  );
}
