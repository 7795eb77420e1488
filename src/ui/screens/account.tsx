import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Screen } from '../screen';

export function LoginScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Log in`}>
      <p>
        <Trans>Log in with your e-mail address and your password.</Trans>
      </p>
      <p>
        <Link to="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
    </Screen>
  );
}

export function MfaLoginScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Enter your SMS code`}>
      <p>
        <Trans>We have sent a six-digit code to your phone. Enter it to finish logging in.</Trans>
      </p>
    </Screen>
  );
}

export function MfaRegisterScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Protect your login with an SMS code`}>
      <p>
        <Trans>Add your mobile number; we will send a code to confirm it.</Trans>
      </p>
    </Screen>
  );
}

export function RegisterScreen({ step }: { step: number }) {
  const { t } = useLingui();
  return (
    <Screen title={t`Register`}>
      <p>
        <Trans>Step {step} of 5</Trans>
      </p>
    </Screen>
  );
}
