import { Trans, useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { errorCodeOf, NETWORK_UNREACHABLE, retryCannotHelp } from '../../../contract/errors';
import { errorMessage } from '../components/error-message';
import { Skeleton } from '../components/skeleton';

/** What a content area shows while its route loads (the shell stays). */
export function ContentSkeleton() {
  return (
    <section className="screen">
      {/* The prerendered title is gone once the app renders: without one, the page had no title
          while a route loaded (axe's document-title, and nothing for a screen reader to announce). */}
      <title>Matchwerk</title>
      <Skeleton lines={5} />
    </section>
  );
}

/**
 * A failed load: says so in the user's language and offers a retry that loads the route again — or,
 * for a record that does not exist (an old link) or is not the user's to see, says that, with the way
 * to the dashboard instead of a retry that would only repeat the answer.
 */
export function LoadFailed({ error, reset }: ErrorComponentProps) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const code = errorCodeOf(error);
  if (retryCannotHelp(code)) {
    const title = t`Not available`;
    return (
      <section className="screen load-failed" aria-labelledby="load-failed-title">
        <title>{`${title} · Matchwerk`}</title>
        <h1 id="load-failed-title">{title}</h1>
        <p role="alert">{errorMessage(i18n, code)}</p>
        <p>
          <Link to="/dashboard">{t`Back to the dashboard`}</Link>
        </p>
      </section>
    );
  }
  // No answer at all (server down, connection lost, the page's code not fetched): say so.
  const unreachable = code === NETWORK_UNREACHABLE;
  const title = unreachable ? t`Matchwerk cannot be reached` : t`Could not load this page`;
  return (
    <section className="screen load-failed" aria-labelledby="load-failed-title">
      <title>{`${title} · Matchwerk`}</title>
      <h1 id="load-failed-title">{title}</h1>
      <p role="alert">
        {unreachable ? (
          <Trans>The server does not answer. Check your connection, then try again in a moment.</Trans>
        ) : (
          <Trans>The page could not be loaded. Please check your connection and try again.</Trans>
        )}
      </p>
      <p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            // Loaders run again; reset clears this boundary so the route renders when they succeed.
            void router.invalidate().then(reset);
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </p>
    </section>
  );
}
