import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../error-message';
import { Screen } from '../screen';

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

export function ValidateEmailScreen({ ok, code }: { ok: boolean; code: string | null }) {
  const { t, i18n } = useLingui();
  return (
    <Screen title={t`Confirm your e-mail address`}>
      {ok ? (
        <>
          <p role="status">
            <Trans>Thank you: your e-mail address is confirmed.</Trans>
          </p>
          <p>
            <Link to="/register" className="button">
              <Trans>Continue registration</Trans>
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="form-error" role="alert">
            {errorMessage(i18n, code)}
          </p>
          <p>
            <Link to="/login">
              <Trans>Log in</Trans>
            </Link>
          </p>
        </>
      )}
    </Screen>
  );
}
