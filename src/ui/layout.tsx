import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { LEGAL_TEXTS } from '../../contract/legal';
import { LANGUAGES, type Language } from '../../contract/user-types';
import { useAppActors } from './app-context';
import { navigationFor } from './navigation';
import { ProtectedImage } from './protected-image';

/** Every screen's frame: header (product, role navigation, language, account) and footer (legal texts). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

function Header() {
  const { t, i18n } = useLingui();
  const { session } = useAppActors();
  const claims = useSelector(session, (s) => (s.matches('authenticated') ? s.context.claims : null));
  return (
    <header className="header">
      <Link to="/" className="brand">
        Matchwerk
      </Link>
      <nav aria-label={t`Main navigation`} className="nav">
        <ul>
          {navigationFor(claims).map((item) => (
            <li key={item.to}>
              <Link to={item.to} activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: true }}>
                {i18n._(item.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitch />
      {claims && <AccountMenu email={claims.email} image={claims.image} />}
    </header>
  );
}

const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };

function LanguageSwitch() {
  const { t } = useLingui();
  const { locale } = useAppActors();
  const current = useSelector(locale, (s) => s.context.language);
  const busy = useSelector(locale, (s) => s.hasTag('busy'));
  return (
    <fieldset className="language-switch" aria-busy={busy}>
      <legend className="visually-hidden">{t`Language`}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          onClick={() => locale.send({ type: 'locale.change', language })}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}

function AccountMenu({ email, image }: { email: string; image: string | null }) {
  const { t } = useLingui();
  const { session } = useAppActors();
  const navigate = useNavigate();
  return (
    <div className="account-menu">
      <ProtectedImage src={image} alt={t`Your profile photo`} size={32} className="avatar header-avatar" />
      <span className="account-email">{email}</span>
      <button
        type="button"
        onClick={() => {
          session.send({ type: 'session.logout' });
          void navigate({ to: '/' });
        }}
      >
        <Trans>Log out</Trans>
      </button>
    </div>
  );
}

function Footer() {
  const { t } = useLingui();
  const labels: Record<(typeof LEGAL_TEXTS)[number], string> = {
    'terms-conditions': t`Terms and conditions`,
    impressum: t`Legal notice`,
    datenschutz: t`Privacy policy`,
    'condition-agreements': t`Conditions of agreement`,
  };
  return (
    <footer className="footer">
      <nav aria-label={t`Legal`}>
        <ul>
          {LEGAL_TEXTS.map((name) => (
            <li key={name}>
              <Link to="/legal/$name" params={{ name }}>
                {labels[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>© 2026 Matchwerk</p>
    </footer>
  );
}
