import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useMatch, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FocusEvent, type KeyboardEvent, useId, useState } from 'react';
import type { AgentSelf } from '../../../contract/agent';
import type { TokenClaims } from '../../../contract/session';
import { LANGUAGES, type Language } from '../../../contract/user-types';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { useAppActors } from '../components/app-context';
import { ProtectedImage } from '../components/protected-image';
import { LogoMark } from './logo';
import { MainNavigation } from './main-navigation';
import { MenuButton } from './menu-button';
import { accountMenuFor, navigationFor } from './navigation';

/** The app bar: logo, the role's navigation (a menu button under 768 px), language, avatar menu. */
export function Header() {
  const { session } = useAppActors();
  const claims = useSelector(session, (s) => (s.matches('authenticated') ? s.context.claims : null));
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  // An agent's pages have the side navigation of the agent shell (agent-shell.tsx) instead.
  const agentShell = useMatch({
    from: '/_protected',
    shouldThrow: false,
    select: (m) => Boolean(m.loaderData?.agentWorkspace),
  });
  const items = agentShell ? [] : navigationFor(claims);
  // Escape closes the open menu from anywhere in the bar and gives the focus back to its button.
  const closeMenuOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    event.currentTarget.querySelector<HTMLButtonElement>('.menu-button')?.focus();
  };
  return (
    <header className="header">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the menu button and the navigation's links */}
      <div className="header-bar" onKeyDown={closeMenuOnEscape}>
        <Link to="/" className="brand" aria-label="Matchwerk">
          <LogoMark />
          <span className="brand-name">Matchwerk</span>
        </Link>
        {items.length > 0 && (
          <MenuButton
            open={menuOpen}
            controls={navId}
            className="menu-button"
            onToggle={() => setMenuOpen((open) => !open)}
          />
        )}
        {items.length > 0 && (
          <MainNavigation
            id={navId}
            className={menuOpen ? 'nav open' : 'nav'}
            items={items}
            exact={() => true}
            onNavigate={() => setMenuOpen(false)}
          />
        )}
        <div className="header-tools">
          <LanguageSwitch />
          {claims && <AccountMenu claims={claims} />}
        </div>
      </div>
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

/** A disclosure (not an ARIA menu: its entries are ordinary links and one button). */
function AccountMenu({ claims }: { claims: TokenClaims }) {
  const { t, i18n } = useLingui();
  const { session } = useAppActors();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // An agent's own record (loaded by the protected group) gives the name the token does not carry.
  const agent = useMatch({
    from: '/_protected',
    shouldThrow: false,
    select: (m) => m.loaderData?.agentWorkspace?.agent ?? null,
  });
  const close = () => setOpen(false);
  const closeOnFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    close();
    event.currentTarget.querySelector<HTMLButtonElement>('.account-button')?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving and Escape bubble up from the button and the panel's links
    <div className="account-menu" onBlur={closeOnFocusOut} onKeyDown={closeOnEscape}>
      <button
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ProtectedImage src={claims.image} alt="" size={32} className="avatar header-avatar" />
        <span className="visually-hidden">{t`Account menu`}</span>
        <span className="account-email" aria-hidden="true">
          {claims.email}
        </span>
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        {agent && <AgentName agent={agent} />}
        <p className="account-panel-email">{claims.email}</p>
        <ul>
          {accountMenuFor(claims).map((item) => (
            <li key={`${i18n._(item.label)}`}>
              <Link to={item.to} hash={item.hash} onClick={close}>
                {i18n._(item.label)}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            close();
            // The start page says goodbye once (the session keeps the farewell, not the history).
            session.send({ type: 'session.logout', farewell: 'logged-out' });
            void navigate({ to: '/' });
          }}
        >
          <Trans>Log out</Trans>
        </button>
      </div>
    </div>
  );
}

function AgentName({ agent }: { agent: Resource<AgentSelf> }) {
  const self = useSelector(agent, (s) => resourceData(s));
  const name = [self?.first_name, self?.last_name].filter(Boolean).join(' ');
  return name ? <p className="account-panel-name">{name}</p> : null;
}
