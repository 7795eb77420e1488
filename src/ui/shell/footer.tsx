import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LEGAL_TEXTS } from '../../../contract/legal-names';
import { legalTitle } from '../components/legal-titles';

/** Legal texts and the copyright line. */
export function Footer() {
  const { t, i18n } = useLingui();
  return (
    <footer className="footer">
      <nav aria-label={t`Legal`}>
        <ul>
          {LEGAL_TEXTS.map((name) => (
            <li key={name}>
              <Link to="/legal/$name" params={{ name }}>
                {legalTitle(i18n, name)}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/about">{t`About`}</Link>
          </li>
        </ul>
      </nav>
      <p>© 2026 Matchwerk</p>
    </footer>
  );
}
