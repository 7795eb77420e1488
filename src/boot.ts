// The page's one script: it loads the app (./main.tsx) once the prerendered page (or the shell with
// its skeleton, scripts/vite-prerender.ts) has been painted, so that the app's JavaScript does not
// compete with the HTML and the stylesheet for the first paint. A hidden tab paints no frames: there
// it starts after 100 ms.
//
// The landing page (`/`) needs no app for a visitor who is not signed in: its prerendered markup is
// the whole page, its links are plain links and the app would draw the same. There the app starts
// only when it is needed — the visitor picks English, or signs in in another tab — and this script
// opens the header's menu under 768 px itself. A signed-in visitor, or one who chose English before,
// gets the app at once (the landing then says "to my dashboard", or speaks English).
// The stylesheet stays in the page's <head> (render-blocking): the prerendered markup needs it.
import { ROUTE_CHUNKS_META, routeChunkPaths } from '../contract/page-meta';
import { CREDENTIALS_KEY, LANGUAGE_KEY } from '../contract/storage-keys';
import { startEarlyCalls, storedAudience } from './api/early-calls';
import type { IntlWarmupRequest } from './intl-warmup.worker';
import { inGroups, inTasks, nextTask } from './ui/components/next-task';
import { ariaLocale } from './ui/shell/aria-locale';
import './ui/styles.css';

/** The language of the prerendered markup (src/ui/shell/static-pages.tsx). */
const PRERENDERED_LANGUAGE = 'de';

/**
 * The app's largest modules, evaluated one per task before the app itself (./main.tsx): a module's
 * evaluation runs everything it imports that has not run yet in one task, and the app's whole graph
 * at once was 80–120 ms of the main thread here (Lighthouse counts it four times). Leaves first.
 */
function appParts(signedIn: boolean): (() => Promise<unknown>)[] {
  return [
    () => import('./machines/session/session.machine'),
    // A signed-in visit's protected preload (the profile's, the consents' and the catalogues' code)
    // after the session it imports: evaluated together they were one task of 60–70 ms on a phone.
    ...(signedIn ? [() => import('./machines/shell/signed-in-preload')] : []),
    () => import('./routeTree.gen'),
  ];
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  const signedIn = Boolean(stored(CREDENTIALS_KEY));
  void (async () => {
    for (const part of appParts(signedIn)) {
      // Evaluated (or failed: the app's own import reports it), then the next part in a new task.
      await part().catch(() => {});
      await nextTask();
    }
    await import('./main');
  })();
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (privacy settings): the app copes without it.
    return null;
  }
}

/** The prerendered landing, when the app need not start yet; null otherwise. */
function landingWithoutApp(): HTMLElement | null {
  const prerendered = document.getElementById('prerendered');
  if (!prerendered || window.location.pathname !== '/') return null;
  if (stored(CREDENTIALS_KEY)) return null;
  const language = stored(LANGUAGE_KEY);
  if (language && language !== PRERENDERED_LANGUAGE) return null;
  return prerendered;
}

/** The prerendered header's menu button (under 768 px) and language switch, without the app. */
function wireLanding(landing: HTMLElement): void {
  const menu = landing.querySelector<HTMLButtonElement>('[data-static-menu]');
  const nav = menu ? document.getElementById(menu.getAttribute('aria-controls') ?? '') : null;
  const setOpen = (open: boolean) => {
    menu?.setAttribute('aria-expanded', String(open));
    nav?.classList.toggle('open', open);
    // The icon: a cross while open, as in the app's header.
    menu?.querySelector('path')?.setAttribute('d', open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16');
  };
  menu?.addEventListener('click', () => setOpen(menu.getAttribute('aria-expanded') !== 'true'));
  landing.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu?.getAttribute('aria-expanded') !== 'true') return;
    setOpen(false);
    menu.focus();
  });
  for (const button of landing.querySelectorAll<HTMLButtonElement>('.language-switch button[lang]')) {
    button.addEventListener('click', () => {
      const language = button.lang;
      if (language === PRERENDERED_LANGUAGE) return;
      try {
        localStorage.setItem(LANGUAGE_KEY, language);
      } catch {
        // Not kept: the app still starts, in the default language.
      }
      for (const other of landing.querySelectorAll('.language-switch button[lang]'))
        other.setAttribute('aria-pressed', String(other === button));
      start();
    });
  }
  // Signed in in another tab: the landing should offer the dashboard.
  window.addEventListener('storage', (event) => {
    if (event.key === CREDENTIALS_KEY && event.newValue) start();
  });
}

/** How many preload links one task inserts: each starts a request, 1–4 ms of a 4x-slowed phone (more while traced). */
const PRELOADS_PER_TASK = 2;

/**
 * The chunks of the route this address opens, as the server named them (server/http/spa-document.ts),
 * preloaded beside the app, instead of after the app's own chunk has run; after the first paint, so
 * they do not compete with the stylesheet and the page's markup for it. A few per task: the ~35 links
 * of an agent's page inserted at once were a task of 50–200 ms on a phone.
 */
function routeChunkPreloads(): (() => void)[] {
  const chunks = document.querySelector(`meta[name="${ROUTE_CHUNKS_META}"]`)?.getAttribute('content');
  const hrefs = routeChunkPaths(chunks?.split(',') ?? [], storedAudience(stored(CREDENTIALS_KEY))).filter(
    (href) => href.startsWith('/assets/'),
  );
  return inGroups(hrefs, PRELOADS_PER_TASK).map((group) => () => {
    const links = document.createDocumentFragment();
    for (const href of group) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  });
}

/** Runs `work` once, after the page's first paint; a hidden tab paints no frames: there after 100 ms. */
function afterFirstPaint(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/**
 * A prerendered page's own text is German (src/ui/shell/static-pages.tsx): a visitor who chose
 * another language sees the skeleton under it instead until the app speaks theirs.
 */
function hideForeignText(): void {
  const language = stored(LANGUAGE_KEY);
  if (!language || language === PRERENDERED_LANGUAGE) return;
  for (const text of document.querySelectorAll('#prerendered [data-prerendered-text]'))
    text.setAttribute('hidden', '');
}

/**
 * The browser's Intl data for the page's language, built on a worker's thread while the app's code
 * loads (./intl-warmup.worker.ts): built by the app itself, it was 0.1–0.4 s of a phone's main thread.
 */
function warmIntl(): void {
  if (typeof Worker === 'undefined') return;
  const language = stored(LANGUAGE_KEY) ?? PRERENDERED_LANGUAGE;
  // The UI language, react-aria's locale for it, and the browser's own, which react-aria reads first.
  const locales: IntlWarmupRequest = [...new Set([language, ariaLocale(language), navigator.language])];
  try {
    new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' }).postMessage(locales);
  } catch {
    // No worker (a locked-down browser): the app builds the data when it first formats.
  }
}

const landing = landingWithoutApp();
if (landing) wireLanding(landing);
else {
  warmIntl();
  hideForeignText();
  // A signed-in page: its first calls start now, beside the app's JavaScript (./api/early-calls.ts),
  // a few per task.
  startEarlyCalls(stored(CREDENTIALS_KEY), window.location.pathname, window.location.search, inTasks);
  // The JavaScript once the page has been painted: started before, the route's chunks and their
  // links could hold up the first paint (and Lighthouse then counted their download into LCP).
  afterFirstPaint(() => {
    const signedIn = Boolean(stored(CREDENTIALS_KEY));
    void inTasks([
      ...routeChunkPreloads(),
      // …the code the session's check needs, beside the app's…
      () => {
        if (signedIn) void import('./api/keys').catch(() => {});
      },
      // …and the app (with the protected group's preload, ./machines/shell/signed-in-preload.ts).
      start,
    ]);
  });
}
