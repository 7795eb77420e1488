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
import { ROUTE_CHUNKS_META } from '../contract/page-meta';
import { CREDENTIALS_KEY, LANGUAGE_KEY } from '../contract/storage-keys';
import { startEarlyCalls } from './api/early-calls';
import './ui/styles.css';

/** The language of the prerendered markup (src/ui/shell/static-pages.tsx). */
const PRERENDERED_LANGUAGE = 'de';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main');
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

/**
 * The chunks of the route this address opens, as the server named them (server/http/spa-document.ts),
 * preloaded beside the app, instead of after the app's own chunk has run; after the first paint, so
 * they do not compete with the stylesheet and the page's markup for it.
 */
function preloadRouteChunks(): void {
  const chunks = document.querySelector(`meta[name="${ROUTE_CHUNKS_META}"]`)?.getAttribute('content');
  // One insertion for all of them: appending ~75 links one by one cost the boot a long task.
  const links = document.createDocumentFragment();
  for (const href of chunks?.split(',') ?? []) {
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
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

const landing = landingWithoutApp();
if (landing) wireLanding(landing);
else {
  hideForeignText();
  // A signed-in page: its first calls start now, beside the app's JavaScript (./api/early-calls.ts).
  startEarlyCalls(stored(CREDENTIALS_KEY), window.location.pathname, window.location.search);
  // The JavaScript once the page has been painted: started before, the route's chunks and their
  // ~75 links could hold up the first paint (and Lighthouse then counted their download into LCP).
  afterFirstPaint(() => {
    preloadRouteChunks();
    // …the code the session's check and the protected group's preload need, beside the app's…
    if (stored(CREDENTIALS_KEY)) {
      void import('./api/keys').catch(() => {});
      void import('./machines/shell/signed-in-preload').catch(() => {});
    }
    // …and the app, in a task of its own.
    setTimeout(start, 0);
  });
}
