import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LEGAL_TEXTS } from '../../../contract/legal';

/** Legal texts and the copyright line. */
export function Footer() {
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
          <li>
            <Link to="/about">{t`About`}</Link>
          </li>
        </ul>
      </nav>
      <p>© 2026 Matchwerk</p>
    </footer>
  );
}
