import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Screen } from '../screen';

export function LandingScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Matching people to jobs`}>
      <p className="lead">
        <Trans>
          Matchwerk is the workplace of a staffing agency: candidates and employers keep their profiles,
          agents create matching jobs with weighted criteria and get a ranked, explained list of candidates.
        </Trans>
      </p>
      <ul className="actions">
        <li>
          <Link to="/login" className="button">
            <Trans>Log in</Trans>
          </Link>
        </li>
        <li>
          <Link to="/register" className="button secondary">
            <Trans>Register</Trans>
          </Link>
        </li>
      </ul>
    </Screen>
  );
}

export function AboutScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`About Matchwerk`}>
      <p>
        <Trans>
          Matchwerk is built by a small team for staffing agencies in the German-speaking market. Write to us
          at team@matchwerk.example.
        </Trans>
      </p>
    </Screen>
  );
}

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Page not found`}>
      <p>
        <Trans>There is no page at this address. It may have moved, or the link may be mistyped.</Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </Screen>
  );
}

export function LegalScreen({ name }: { name: string }) {
  const { t } = useLingui();
  const titles: Record<string, string> = {
    'terms-conditions': t`Terms and conditions`,
    impressum: t`Legal notice`,
    datenschutz: t`Privacy policy`,
    'condition-agreements': t`Conditions of agreement`,
  };
  return (
    <Screen title={titles[name] ?? name}>
      <p>
        <Trans>The current text is published by the agency that runs this Matchwerk.</Trans>
      </p>
    </Screen>
  );
}

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Forgot your password?`}>
      <p>
        <Trans>Enter your e-mail address and we will send you a link to choose a new password.</Trans>
      </p>
    </Screen>
  );
}

export function ResetPasswordScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Choose a new password`}>
      <p>
        <Trans>Your link is valid. Choose a new password for your account.</Trans>
      </p>
    </Screen>
  );
}

export function ValidateEmailScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Confirm your e-mail address`}>
      <p>
        <Trans>We are confirming your e-mail address so that your registration can go on.</Trans>
      </p>
    </Screen>
  );
}
