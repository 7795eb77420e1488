import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { TokenClaims } from '../../../contract/session';
import type { GlobalSearchActor } from '../../machines/agents/global-search.machine';
import { GlobalSearch } from '../agents/global-search';
import { MainNavigation } from './main-navigation';
import { MenuButton } from './menu-button';
import { navigationFor } from './navigation';

/** Typing `/` here is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The agent's shell (issue 20, point 7; PRODUCT.md §10 "The agent's day"): a side navigation with the
 * search field on every agent page, the page beside it. Under 768 px the navigation folds behind a
 * menu button above the page; the search field stays. `/` (outside a text field) and Ctrl+K (or
 * ⌘K) focus the search from anywhere.
 */
export function AgentShell({
  claims,
  search,
  children,
}: {
  claims: TokenClaims;
  search: GlobalSearchActor;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const input = useRef<HTMLInputElement>(null);

  // A shortcut is a DOM listener for as long as the shell is shown (no data flows through it).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="agent-shell">
      <aside className="agent-side">
        <GlobalSearch actor={search} inputRef={input} />
        <MenuButton
          open={menuOpen}
          controls={navId}
          className="side-menu-button"
          onToggle={() => setMenuOpen((open) => !open)}
        />
        <MainNavigation
          id={navId}
          className={menuOpen ? 'side-nav open' : 'side-nav'}
          items={navigationFor(claims)}
          exact={(to) => to === '/dashboard'}
          onNavigate={() => setMenuOpen(false)}
        />
      </aside>
      <div className="agent-page">{children}</div>
    </div>
  );
}
