import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { LegalLanguage, LegalText, LegalTextResponse } from '../../../contract/legal';
import { errorMessage } from '../components/error-message';
import { legalTitle, legalVersionDate } from '../components/legal-titles';
import { Screen } from '../components/screen';

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

/** The first heading of a text, which the screen shows as its title instead. */
const leadingHeading = /^\s*<h1[^>]*>([\s\S]*?)<\/h1>\s*/;

/**
 * A legal text in force, in the user's language (PRODUCT.md §6). The HTML is the server's rendering of
 * the operator's Markdown, in which raw HTML is escaped and unsafe links are dropped.
 */
export function LegalScreen({
  name,
  texts,
}: {
  name: LegalText;
  texts: Record<LegalLanguage, LegalTextResponse>;
}) {
  const { i18n } = useLingui();
  const language: LegalLanguage = i18n.locale === 'en' ? 'en' : 'de';
  const text = texts[language];
  const dated = legalVersionDate(text.version, language);
  return (
    <Screen title={legalTitle(i18n, name)}>
      <p className="muted">
        <Trans>Version of {dated}</Trans>
      </p>
      <div
        className="legal-text"
        lang={language}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes raw HTML and drops unsafe links (server/legal/texts.ts)
        dangerouslySetInnerHTML={{ __html: text.html.replace(leadingHeading, '') }}
      />
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
