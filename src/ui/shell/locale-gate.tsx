import { useSelector } from '@xstate/react';
import { type ReactNode, useDeferredValue } from 'react';
import { useAppActors } from '../components/app-context';

/**
 * Shows the app once a language's catalog is active. Before the first catalog arrives there is no
 * translated text to show; if it cannot be loaded, say so in both languages and offer a retry.
 *
 * The catalog's arrival reaches React as a synchronous update (useSelector is an external store), so
 * the whole app — shell, page, every field — mounted in one task of 100+ ms on a phone (issue 22).
 * Through `useDeferredValue` it mounts in a render React slices, the placeholder staying meanwhile.
 */
export function LocaleGate({ children }: { children: ReactNode }) {
  const { locale } = useAppActors();
  const activated = useDeferredValue(
    useSelector(locale, (s) => s.matches('ready') || Boolean(s.context.i18n.locale)),
    false,
  );
  const failed = useSelector(locale, (s) => s.matches('failed'));
  if (activated) return children;
  if (failed) {
    return (
      <main className="locale-failed">
        <p lang="de">Matchwerk konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.</p>
        <p lang="en">Matchwerk could not be loaded. Please check your connection.</p>
        <button type="button" onClick={() => locale.send({ type: 'locale.retry' })}>
          <span lang="de">Erneut versuchen</span> / <span lang="en">Try again</span>
        </button>
      </main>
    );
  }
  return <p className="loading" aria-busy="true" />;
}
