import { type Messages, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { CandidateListSearchSchema } from '../../../contract/candidate-search';
import { LEGAL_TEXTS } from '../../../contract/legal';
import type { PrerenderedAppPage } from '../../../contract/page-meta';
import type { CandidateType } from '../../../contract/user-types';
import { CANDIDATE_TABLE_TITLES, CandidateFilters, NEW_ROUTE } from '../candidates/candidate-list';
import { legalTitle } from '../components/legal-titles';
import { Screen } from '../components/screen';
import { Skeleton } from '../components/skeleton';
import { LandingView, type LinkTo } from '../public/landing';
import { DashboardIntro } from './dashboard-intro';
import { LogoMark } from './logo';
import { navigationFor } from './navigation';
import { ContentSkeleton } from './route-states';

/** The pages whose markup the build writes into the HTML (scripts/vite-prerender.ts). */
export type StaticPage = '/' | '/login' | PrerenderedAppPage | 'shell';

/** The candidate tables' addresses, each prerendered with its title and filters. */
const CANDIDATE_TABLES: Partial<Record<StaticPage, CandidateType>> = {
  '/stellas': 'stella',
  '/lunas': 'luna',
  '/novas': 'nova',
};

const Anchor: LinkTo = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

/**
 * The first paint before any JavaScript (issue 13 point 9): the anonymous shell with the landing page,
 * the login form, the dashboard's title and introduction, a candidate table's title and filters, or a
 * skeleton, in German. The app replaces it once it runs, so this needs no
 * actors and no router — only the same classes and texts.
 */
export function renderStaticPage(page: StaticPage, messages: Messages): { html: string; title: string } {
  const i18n = setupI18n({ locale: 'de', messages: { de: messages } });
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <AriaI18nProvider locale="de-DE">
        <StaticShell footer={page === '/' || page === '/login'}>
          {page === '/' ? (
            <LandingView signedIn={false} LinkTo={Anchor} />
          ) : page === '/login' ? (
            <StaticLogin />
          ) : page === '/dashboard' ? (
            <StaticDashboard />
          ) : CANDIDATE_TABLES[page] ? (
            <StaticCandidateTable type={CANDIDATE_TABLES[page]} />
          ) : (
            <ContentSkeleton />
          )}
        </StaticShell>
      </AriaI18nProvider>
    </I18nProvider>,
  );
  // React hoists a screen's <title>; the document keeps it in <head> instead.
  const title = /<title>(.*?)<\/title>/.exec(html)?.[1] ?? 'Matchwerk';
  return { html: withoutInlineStyles(html.replace(/<title>.*?<\/title>/g, '')), title };
}

/**
 * The page's CSP allows no style attributes (server/http/security-headers.ts): the only ones in the
 * static markup are react-aria's visually hidden wrappers (a select's hidden native <select>), which
 * the stylesheet hides instead (`[data-visually-hidden]`).
 */
function withoutInlineStyles(html: string): string {
  return html.replace(/ style="([^"]*)"/g, (_, style: string) => {
    if (!style.includes('clip')) throw new Error(`an inline style in the prerendered markup: ${style}`);
    return ' data-visually-hidden=""';
  });
}

/**
 * The header, the page and — on the pages that work without the app (the landing and the login) —
 * the footer. A signed-in page's or the shell's first paint leaves the footer to the app: below the
 * fold, it made a page of a title and a skeleton scrollable, and Chromium flashes the overlay
 * scrollbar of a page that can scroll when it loads: ~20 frames drawn while the app starts (issue 22).
 */
function StaticShell({ children, footer }: { children: ReactNode; footer: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="header">
        <div className="header-bar">
          <a href="/" className="brand" aria-label="Matchwerk">
            <LogoMark />
            <span className="brand-name">Matchwerk</span>
          </a>
          {/* The landing works without the app (src/boot.ts starts it on demand there): boot.ts
              opens and closes this menu as the app's header does. */}
          <button
            type="button"
            className="menu-button"
            aria-expanded="false"
            aria-controls="static-nav"
            aria-label={t`Menu`}
            data-static-menu=""
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <span>
              <Trans>Menu</Trans>
            </span>
          </button>
          <nav id="static-nav" aria-label={t`Main navigation`} className="nav static-nav">
            <ul>
              {navigationFor(null).map((item) => (
                <li key={item.to}>
                  <a href={item.to}>{i18n._(item.label)}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-tools">
            <fieldset className="language-switch">
              <legend className="visually-hidden">{t`Language`}</legend>
              <button type="button" lang="de" aria-pressed="true">
                Deutsch
              </button>
              <button type="button" lang="en" aria-pressed="false">
                English
              </button>
            </fieldset>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footer && (
        <footer className="footer">
          <nav aria-label={t`Legal`}>
            <ul>
              {LEGAL_TEXTS.map((name) => (
                <li key={name}>
                  <a href={`/legal/${name}`}>{legalTitle(i18n, name)}</a>
                </li>
              ))}
              <li>
                <a href="/about">{t`About`}</a>
              </li>
            </ul>
          </nav>
          <p>© 2026 Matchwerk</p>
        </footer>
      )}
    </div>
  );
}

/** The login form as src/ui/screens/login.tsx draws it; read-only until the app takes over. */
function StaticLogin() {
  const { t } = useLingui();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <title>{`${t`Log in`} · Matchwerk`}</title>
      <h1 id="screen-title">{t`Log in`}</h1>
      <form className="form" noValidate>
        <div className="field">
          <label htmlFor="login-email">
            <Trans>E-mail address</Trans>
          </label>
          <input id="login-email" name="email" type="email" autoComplete="username" required readOnly />
        </div>
        <div className="field">
          <label htmlFor="login-password">
            <Trans>Password</Trans>
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            readOnly
          />
        </div>
        <button type="button" className="button" disabled>
          <Trans>Log in</Trans>
        </button>
      </form>
      <p>
        <a href="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </a>
      </p>
      <p>
        <Trans>New here?</Trans> <a href="/register">{t`Register`}</a>
      </p>
    </section>
  );
}

/**
 * The dashboard's title and introduction, the same for every user type, above a skeleton for the
 * user's panels (issue 22: the page's own text in the first paint, before the app and its data).
 * The boot script hides the German text for a visitor who chose another language
 * (`data-prerendered-text`, src/boot.ts).
 */
function StaticDashboard() {
  const { t } = useLingui();
  return (
    <>
      <div data-prerendered-text="">
        <Screen title={t`Dashboard`}>
          <DashboardIntro />
        </Screen>
      </div>
      <Skeleton lines={5} heading={false} />
    </>
  );
}

/**
 * A candidate table's title, "New" and filters as they open without a query (the server sends this
 * page only for the address without one), above a skeleton for the rows: the filters' help text was
 * the page's largest text and waited for the app (issue 22). Inert until the app replaces it, so
 * nothing typed into it is lost.
 */
function StaticCandidateTable({ type }: { type: CandidateType }) {
  const { i18n } = useLingui();
  return (
    <>
      <div data-prerendered-text="" inert>
        <Screen title={i18n._(CANDIDATE_TABLE_TITLES[type])}>
          <p>
            <a href={NEW_ROUTE[type]} className="button">
              <Trans>New</Trans>
            </a>
          </p>
          <CandidateFilters search={v.parse(CandidateListSearchSchema, {})} onFilter={() => {}} />
        </Screen>
      </div>
      <Skeleton lines={5} heading={false} />
    </>
  );
}
