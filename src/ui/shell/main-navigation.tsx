import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NavItem } from './navigation';

/**
 * The role's main navigation, in the app bar or in the agent shell's side: one link per item, the
 * current page marked; following a link folds the menu away again (`onNavigate`).
 */
export function MainNavigation({
  id,
  className,
  items,
  exact,
  onNavigate,
}: {
  id: string;
  className: string;
  items: NavItem[];
  /** Whether an item is current only on its own path, not on the paths below it. */
  exact: (to: string) => boolean;
  onNavigate: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <nav id={id} aria-label={t`Main navigation`} className={className}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              activeProps={{ 'aria-current': 'page' }}
              activeOptions={{ exact: exact(item.to) }}
              onClick={onNavigate}
            >
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
