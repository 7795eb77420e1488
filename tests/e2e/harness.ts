import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CREDENTIALS_KEY, type StoredCredentials } from '../../contract/session';
import { LOCK_FILE } from '../../server/maintenance/data-lock';
import { spawnServer } from '../support/server-process';
import { horizontalOverflow, overflowingElements } from '../support/viewport';

/**
 * The demo accounts' password (server/demo/seed.ts's DEMO_PASSWORD). Not imported from there: that
 * module loads the seed's whole graph (argon2, the database schema, the jobs), seconds for every
 * browser test file.
 */
const DEMO_PASSWORD = 'Matchwerk-Demo-2026';

/**
 * Where the browser project's global setup keeps a data directory the server has seeded once (demo
 * data, keys); each startApp copies it instead of seeding anew, which took ~6 of a start's ~11 s.
 */
export const SEEDED_TEMPLATE_ENV = 'MATCHWERK_E2E_SEEDED_DIR';
/**
 * The UTC day the template was seeded on. The demo's follow-ups are due "today" and "two days ago"
 * by that day (server/demo/pipeline.ts): a copy seeded before midnight and served after it shows
 * both overdue. So a start on another day seeds anew (a CI run that crossed midnight failed so).
 */
export const SEEDED_DAY_ENV = 'MATCHWERK_E2E_SEEDED_DAY';

/** Today in UTC, as the demo seed counts its days. */
export const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);
/**
 * The SMS interval (SMS_RESEND_SECONDS) of the servers the browser tests start: a walk that needs a
 * fresh SMS code waits this long, not the production minute.
 */
const E2E_SMS_RESEND_SECONDS = 2;

/**
 * Settings a seeded copy serves as well as a fresh seed: the seed does not read them (it records the
 * demo accounts' acceptance of the shipped legal texts, server/demo/seed.ts, whatever LEGAL_DIR says).
 */
const SEED_NEUTRAL_SETTINGS = new Set([
  'ACCESS_TOKEN_TTL',
  'LEGAL_DIR',
  'SMS_COUNTRIES',
  'SMS_RESEND_SECONDS',
]);

/** A data directory seeded by the real server, started once and stopped; remove it when done. */
export async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-e2e-seeded-'));
  const server = await serverOn(dataDir);
  await server.url();
  await server.stop();
  return dataDir;
}

/**
 * The real server on `dataDir` and a known free port, so that links in e-mails (built from
 * PUBLIC_ORIGIN) lead back to it; `env` adds or overrides settings.
 */
async function serverOn(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return spawnServer({
    PORT: String(port),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SMS_RESEND_SECONDS: String(E2E_SMS_RESEND_SECONDS),
    ...env,
  });
}

export interface RunningApp {
  url: string;
  /** The least time between two SMS codes to one account on it (SMS_RESEND_SECONDS). */
  smsResendMs: number;
  stop(): Promise<void>;
}

/**
 * The real server (server/main.ts) on a free port with a fresh data directory and the demo data; or,
 * for `npm run qa -- run … --browser --base URL` (QA_BASE), the instance running there, which must
 * hold the demo data and the development outbox. A walk that needs its own server settings (`env`)
 * always starts its own.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const base = process.env.QA_BASE;
  if (base && Object.keys(env).length === 0)
    // A running instance keeps the production minute unless QA_SMS_RESEND_SECONDS says what it was given.
    return {
      url: base.replace(/\/$/, ''),
      smsResendMs: Number(process.env.QA_SMS_RESEND_SECONDS || 60) * 1000,
      stop: async () => {},
    };
  const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-e2e-'));
  const template = process.env[SEEDED_TEMPLATE_ENV];
  const sameDay = process.env[SEEDED_DAY_ENV] === utcDay();
  if (template && sameDay && Object.keys(env).every((name) => SEED_NEUTRAL_SETTINGS.has(name))) {
    cpSync(template, dataDir, { recursive: true, filter: (path) => !basename(path).startsWith(LOCK_FILE) });
  }
  const server = await serverOn(dataDir, env);
  const url = await server.url();
  return {
    url,
    smsResendMs: Number(env.SMS_RESEND_SECONDS ?? E2E_SMS_RESEND_SECONDS) * 1000,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless, with the flags this closed network needs (STACK.md trap 9);
 * Playwright gives every launch a fresh profile directory of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return watchContentSecurityPolicy(browser);
}

/** As long as `expect.poll` waits (vite.config.ts), so that a poll never outlasts itself. */
const LOCATOR_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

const CSP_BINDING = '__matchwerkCspViolation';
/** Content-Security-Policy violations each page reported, across its navigations. */
const cspReports = new Map<Page, string[]>();

/**
 * Runs in every document before its own scripts: records each `securitypolicyviolation` on window
 * (`window.__cspViolations`) and reports it to the test process, where it outlives navigations.
 */
function recordCspViolations(binding: string): void {
  const list: string[] = [];
  const w = window as unknown as Record<string, unknown>;
  w.__cspViolations = list;
  document.addEventListener('securitypolicyviolation', (e) => {
    const line = `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || e.documentURI}:${e.lineNumber}) ${e.sample}`;
    list.push(line);
    (w[binding] as ((line: string) => void) | undefined)?.(line);
  });
}

async function instrument(context: BrowserContext): Promise<void> {
  await context.exposeBinding(CSP_BINDING, ({ page }, line: string) => {
    const reports = cspReports.get(page) ?? [];
    reports.push(`${page.url()}: ${line}`);
    cspReports.set(page, reports);
  });
  await context.addInitScript(recordCspViolations, CSP_BINDING);
}

/**
 * Every context of this browser (browser.newPage makes one too) records CSP violations; closing a
 * page or the browser fails when one was reported, so every page a browser test visits is checked
 * at the end of its visit, and accessibilityViolations lists them wherever axe runs.
 */
function watchContentSecurityPolicy(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    // A locator call waits for its element up to this long (Playwright's own default is 30 s). Inside
    // `expect.poll` (10 s, vite.config.ts) a 30 s wait outlasted the poll: the poll ran its callback
    // once more after its own timeout, a missing element cost 40 s per poll, and a test hit its 60 s
    // limit with no message at all. Now a missing element fails the poll at once with the locator's
    // name. Navigations keep their 30 s.
    context.setDefaultTimeout(LOCATOR_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    await instrument(context);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => checkedOnClose(await newPage());
    context.on('page', (page) => checkedOnClose(page));
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (...args: Parameters<Browser['close']>) => {
    const left = [...cspReports.values()].flat();
    cspReports.clear();
    await close(...args);
    if (left.length > 0) throw new Error(`Content-Security-Policy violations:\n${left.join('\n')}`);
  };
  return browser;
}

const checked = new WeakSet<Page>();
function checkedOnClose(page: Page): Page {
  if (checked.has(page)) return page;
  checked.add(page);
  const close = page.close.bind(page);
  page.close = async (...args: Parameters<Page['close']>) => {
    // A page already gone has nothing more to report; one that does not answer fails the test, after
    // it is closed.
    let stuck: PageDidNotAnswer | null = null;
    const reported = await cspViolations(page).catch((error: unknown) => {
      if (error instanceof PageDidNotAnswer) stuck = error;
      return cspReports.get(page) ?? [];
    });
    cspReports.delete(page);
    await answerWithin(close(...args), `closing ${page.url()}`);
    if (stuck) throw stuck;
    if (reported.length > 0) throw new Error(`Content-Security-Policy violations:\n${reported.join('\n')}`);
  };
  return page;
}

/** The CSP violations the page reported since it opened (all its documents), as lines. */
export async function cspViolations(page: Page): Promise<string[]> {
  // A round trip first: reports sent before it have arrived once it answers. page.evaluate has no
  // timeout of its own: a page that never answers (a renderer stuck in a loop, a navigation that
  // never commits) would hang the test until its 60 s limit without a word.
  await answerWithin(
    page.evaluate(() => 0),
    `a script on ${page.url()}`,
  );
  return [...(cspReports.get(page) ?? [])];
}

class PageDidNotAnswer extends Error {}

/** The promise's value, or an error naming what did not answer within LOCATOR_TIMEOUT_MS. */
async function answerWithin<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PageDidNotAnswer(`${what} did not answer within ${LOCATOR_TIMEOUT_MS} ms`)),
      LOCATOR_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG A/AA violations on the page as it is now, as "rule: target" lines, followed by
 * the Content-Security-Policy violations the page reported so far ("csp: …").
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: an inline <script> tag would be refused by the CSP.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  // Wherever axe runs, the page must also have kept to its Content-Security-Policy.
  return [...violations, ...(await cspViolations(page)).map((line) => `csp: ${line}`)];
}

/**
 * The text of the page's heading as the app draws it (in #root). The prerendered first paint of `/`,
 * `/login`, `/dashboard` and the candidate tables (#prerendered) has the same heading before the app
 * runs: a test that waits for the heading must not take that page for the app.
 */
export function appHeading(page: Page): Promise<string | null> {
  return page.locator('#root').getByRole('heading', { level: 1 }).textContent();
}

/**
 * The text of the elements a locator finds now, joined by line breaks ('' when there are none),
 * without waiting for them: for `expect.poll`, which does the waiting and then names what it saw.
 */
export async function textNow(locator: Locator): Promise<string> {
  return (await locator.allTextContents()).join('\n');
}

/**
 * Focuses an element the way a script does, and waits until the focus is there before the next key.
 * A select at rest (src/ui/components/select.tsx) hands a focus to react-aria's select, which takes a
 * focus with no key or pointer before it ("virtual") after the next frame: a key pressed before that
 * went to the page (under the load of two browser files, the Enter that should open the list).
 */
export async function focusAndWait(locator: Locator): Promise<void> {
  await locator.focus();
  await expect
    .poll(() => locator.evaluate((element) => element === element.ownerDocument.activeElement), {
      message: 'the focus reached the element',
    })
    .toBe(true);
}

/** A screen as a person meets it: nothing loading any more, axe-core clean, no sideways scrolling. */
export async function expectSettledScreen(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page), (await overflowingElements(page)).join(', ')).toBeLessThanOrEqual(0);
}

/** A TCP port free on this machine now (for a server whose links must name its port before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Logs an account in through the German login form (`path`: /login by default, or a page that sends
 * there); `landOn` waits for the page the login leads to.
 */
export async function logIn(
  page: Page,
  url: string,
  email: string,
  options: { password?: string; path?: string; landOn?: RegExp } = {},
) {
  await page.goto(`${url}${options.path ?? '/login'}`);
  // The prerendered first paint of /login has the same fields; typing into it before the app takes
  // over would be lost.
  await page.locator('#prerendered').waitFor({ state: 'detached' });
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  if (options.landOn) await page.waitForURL(options.landOn);
}

interface OutboxMessage {
  kind: string;
  to: string;
  subject?: string;
  text: string;
  /** Files attached to a mail (the cards sent to a client): names, types and sizes. */
  attachments: { fileName: string; contentType: string; size: number }[];
}

/** The API's own login (no browser) of a demo account; throws unless it answers a token pair. */
async function apiLogin(url: string, email: string, password = DEMO_PASSWORD): Promise<StoredCredentials> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`POST /api/login for ${email}: ${login.status} ${await login.text()}`);
  const pair = (await login.json()) as { token: string; refresh_token?: string };
  return pair.refresh_token ? { token: pair.token, refreshToken: pair.refresh_token } : { token: pair.token };
}

/**
 * A demo user's access token from the API's own login (no browser), for a test that sets up as that
 * user what their screens would do (a consent, a paused profile).
 */
export async function apiToken(url: string, email: string): Promise<string> {
  return (await apiLogin(url, email)).token;
}

/**
 * Signs a page in without the login form, for a walk whose subject is not the sign-in: the API's
 * login, its token pair stored where the app keeps it (CREDENTIALS_KEY), then the page opened
 * (`path`: /dashboard by default). The session starts as after a reload; the login form has walks of
 * its own (session.test.ts, session-model.test.ts, account.test.ts). ~1 s less a sign-in than logIn.
 */
export async function signIn(
  page: Page,
  url: string,
  email: string,
  options: { password?: string; path?: string; landOn?: RegExp } = {},
): Promise<void> {
  const credentials = await apiLogin(url, email, options.password);
  // A same-origin answer the app does not load on, to write its storage before the app reads it.
  await page.goto(`${url}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CREDENTIALS_KEY,
    JSON.stringify(credentials),
  ] as const);
  await page.goto(`${url}${options.path ?? '/dashboard'}`);
  if (options.landOn) await page.waitForURL(options.landOn);
  // As after the login form, the app has taken over and drawn its page: a test that cuts the network
  // next (broken-flows.test.ts) must not cut the app's own loading.
  await page.locator('#root').getByRole('heading', { level: 1 }).first().waitFor();
}

/** The development outbox of a running app (loopback only), newest last. */
export async function readOutbox(url: string): Promise<OutboxMessage[]> {
  // The server lists the newest first; callers read the newest as the last (smsCode's .at(-1)).
  return ((await (await fetch(`${url}/api/dev/outbox`)).json()) as OutboxMessage[]).reverse();
}

/** Waits for the SMS to a number and answers its six-digit code. */
export async function smsCode(url: string, to: string, timeoutMs = 10_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const sms = (await readOutbox(url)).filter((m) => m.kind === 'sms' && m.to === to).at(-1);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() - started > timeoutMs) throw new Error(`no SMS code to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Picks an option of a catalogue form's tag picker (src/ui/components/tag-picker.tsx) as a person
 * does: types its name into the field and chooses it from the list; waits for its tag.
 */
export async function pickTag(page: Page, field: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: field, exact: true });
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect
    .poll(() =>
      page
        .getByRole('grid', { name: `Gewählt: ${field}` })
        .getByRole('row')
        .filter({ hasText: option })
        .count(),
    )
    .toBe(1);
}

/** The API as a signed-in page calls it, with its token (for setting up and for "someone else"); throws unless it answers 2xx. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = JSON.parse(localStorage.getItem('credentials') ?? '{}') as { token: string };
      const answer = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // A setup call that fails stops the test here, with the server's answer, not at a later check.
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return answer.status === 204 ? null : answer.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** What a date field (the shared DatePicker) shows, without the bidi marks react-aria sets around its segments. */
export async function dateFieldText(field: Locator): Promise<string | undefined> {
  return (await field.locator('.rac-date-input').textContent())?.replace(/\u2066|\u2069|\u200e/g, '');
}
