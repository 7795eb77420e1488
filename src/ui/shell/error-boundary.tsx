import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode, useState } from 'react';
import { codeLoad } from './code-load';

interface State {
  failed: boolean;
}

/** Catches a rendering error below it and shows a translated apology with a reload, instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (
      <ErrorMessage onRetry={() => this.setState({ failed: false })} />
    ) : (
      this.props.children
    );
  }
}

function ErrorMessage({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const [checking, setChecking] = useState(false);
  if (codeLoad.failed) {
    // The page's code did not arrive: the server is down or the connection lost (issue 22). The retry
    // reloads the page only once the server answers, never into the browser's error page.
    const retry = async () => {
      setChecking(true);
      if (!(await codeLoad.reloadWhenReachable())) setChecking(false);
    };
    return (
      <section className="screen load-failed" aria-labelledby="app-error-title">
        <h1 id="app-error-title">{t`Matchwerk cannot be reached`}</h1>
        <p role="alert">
          <Trans>The server does not answer. Check your connection, then try again in a moment.</Trans>
        </p>
        <p className="form-actions">
          <button
            type="button"
            className="btn btn-primary"
            aria-busy={checking}
            disabled={checking}
            onClick={() => void retry()}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="screen load-failed" aria-labelledby="app-error-title">
      <h1 id="app-error-title">{t`Something went wrong`}</h1>
      <p role="alert">
        <Trans>
          This part of Matchwerk stopped working. Your data is safe; try again or reload the page.
        </Trans>
      </p>
      <p className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </button>
      </p>
    </section>
  );
}
