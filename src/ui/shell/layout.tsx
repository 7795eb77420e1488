import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useToastsLoaded } from '../components/toast-presence';
import { ariaLocale } from './aria-locale';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';

// The toast region is not needed for the first paint: it mounts once a screen that shows toasts has
// loaded their module (its code is not part of the landing page's JavaScript).
const Toasts = lazy(() => import('../components/toast').then((module) => ({ default: module.Toasts })));

/** Every screen's frame (PRODUCT.md §9): header, the content area in an error boundary, footer, toasts. */
export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const toasts = useToastsLoaded();
  // The build's prerendered first paint (scripts/vite-prerender.ts) has done its job once the app renders.
  useEffect(() => {
    document.getElementById('prerendered')?.remove();
    document.querySelector('title[data-prerendered]')?.remove();
  }, []);
  return (
    <I18nProvider locale={ariaLocale(i18n.locale)}>
      <div className="layout">
        <a className="skip-link" href="#main">
          <Trans>Skip to content</Trans>
        </a>
        <ErrorBoundary>
          <Header />
        </ErrorBoundary>
        <main id="main" tabIndex={-1}>
          <ErrorBoundary>{children}</ErrorBoundary>
        </main>
        <Footer />
        {toasts && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </div>
    </I18nProvider>
  );
}
