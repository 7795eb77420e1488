import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserDriver, BrowserStep } from '../qa/browser';
import type { Expectation, TablePath } from '../support/model';
import { tableState } from '../support/model';
import { sessionTable } from '../support/session-table';
import { appHeading, type RunningApp } from './harness';

/*
 * The session table's events as a person does them in the real app, and its states as the screen and
 * the browser's storage show them: the steps of the fixed walks (session-model.test.ts) and of the
 * paths `npm run qa -- run session --browser` generates. An event is what a person does, or nothing
 * when it is the server's answer to what they did. Busy states pass too fast to look at.
 */

export const PASSWORD = 'Matchwerk-Demo-2026';
export const MFA_PHONE = '+4915123456789';
export const MFA_USER = 'mfa@matchwerk.example';

export const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('credentials') ?? 'null') as Record<string, string> | null,
  );

async function smsCode(app: RunningApp): Promise<string> {
  const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
    kind: string;
    to: string;
    text: string;
    createdAt: string;
  }[];
  // The newest SMS by its time (the outbox lists the newest first).
  const sms = outbox
    .filter((m) => m.kind === 'sms' && m.to === MFA_PHONE)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .at(-1);
  return /\d{6}/.exec(sms?.text ?? '')?.[0] ?? '';
}

/**
 * What the screen and storage show in each state a person sees (busy states are not looked at);
 * false where the state was not looked at.
 */
export async function checkSessionState(
  page: Page,
  key: string,
  expect_: Expectation,
  label: string,
): Promise<boolean> {
  const state = tableState(key);
  const storedNow = expect_.context?.stored;
  let looked = true;
  if (state === 'loggedOut') {
    await expect
      .poll(() => page.getByRole('button', { name: 'Kontomenü' }).count(), { message: label })
      .toBe(0);
    await expect.poll(() => stored(page), { message: label }).toBeNull();
    if (key === 'loggedOut#failed') {
      await expect
        .poll(() => page.getByRole('alert').textContent(), { message: label })
        .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    }
  } else if (state === 'authenticated.idle') {
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await expect.poll(() => appHeading(page), { message: label }).toBe('Übersicht');
    // Signed in: the account menu (with logout) is in the header.
    expect(await page.getByRole('button', { name: 'Kontomenü' }).count(), label).toBe(1);
    const kept = await stored(page);
    expect(kept?.token, label).toEqual(expect.any(String));
    expect(kept?.refreshToken, label).toEqual(expect.any(String));
  } else if (state === 'mfaPending') {
    await page.waitForURL(/\/mfa\/login$/, { timeout: 15_000 });
    await expect.poll(() => appHeading(page), { message: label }).toBe('SMS-Code eingeben');
    const kept = await stored(page);
    expect(kept?.token, label).toEqual(expect.any(String));
    // No refresh token until the code is confirmed (SEED-SPEC §3).
    expect(kept?.refreshToken, label).toBeUndefined();
    // Where the table refuses resendCode (a cooldown runs), the screen offers no resend; where it takes
    // one, the button is there to press.
    const resends = 'resendCode' in (sessionTable.states[key] ?? {});
    expect(await page.getByRole('button', { name: 'Neuen Code senden' }).isEnabled(), label).toBe(resends);
    if (expect_.context?.error === 'login.wrong_2FA_code') {
      await expect
        .poll(() => page.getByRole('alert').textContent(), { message: label })
        .toContain('Dieser Code stimmt nicht');
    }
  } else {
    looked = false;
  }
  // A busy state may already have been left when the page is looked at: only resting states are checked.
  if (storedNow === null && !expect_.tags?.includes('busy')) expect(await stored(page), label).toBeNull();
  return looked;
}

export interface SessionPage {
  app: RunningApp;
  context: BrowserContext;
  page: Page;
}

/** What a person does for a table event (nothing when it is the server's answer to the step before). */
export async function sessionAct(
  run: SessionPage,
  step: Pick<BrowserStep, 'from' | 'event'>,
  next: string | undefined,
  user: string,
): Promise<void> {
  const { page, context, app } = run;
  switch (step.event) {
    case 'login':
      // After a logout the start page says goodbye: the login form is one page on.
      if ((await page.getByLabel('E-Mail-Adresse').count()) === 0) await page.goto(`${app.url}/login`);
      await page.getByLabel('E-Mail-Adresse').fill(user);
      await page.getByLabel('Passwort').fill(next === 'loginFailed' ? 'not-the-password' : PASSWORD);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      break;
    case 'submitCode':
      // Only a path that goes on to codeOk spends the real code: the server sends at most one SMS a
      // minute per account, so a code spent by a path that ends here would fail the next path's codeOk.
      await page.getByLabel('Code aus der SMS').fill(next === 'codeOk' ? await smsCode(app) : '000000');
      await page.getByRole('button', { name: 'Bestätigen' }).click();
      break;
    case 'logout':
      if (step.from.startsWith('mfaPending'))
        await page.getByRole('button', { name: 'Abbrechen und neu anmelden' }).click();
      else {
        await page.getByRole('button', { name: 'Kontomenü' }).click();
        await page.getByRole('button', { name: 'Abmelden' }).click();
      }
      break;
    case 'refresh': {
      // The access token expires; the next API call answers 401, and the session refreshes it.
      const before = (await stored(page))?.token;
      await page.waitForTimeout(3000);
      await page.getByRole('link', { name: 'Profil' }).click();
      await page.waitForURL(/\/profile$/);
      await expect.poll(async () => (await stored(page))?.token).not.toBe(before);
      await page.goto(`${app.url}/dashboard`);
      break;
    }
    case 'otherTabLoggedOut': {
      const other = await context.newPage();
      await other.goto(`${app.url}/dashboard`);
      await expect.poll(() => appHeading(other)).toBe('Übersicht');
      await other.getByRole('button', { name: 'Kontomenü' }).click();
      await other.getByRole('button', { name: 'Abmelden' }).click();
      await other.close();
      break;
    }
    case 'otherTabLoggedIn': {
      const other = await context.newPage();
      await other.goto(`${app.url}/login`);
      await other.getByLabel('E-Mail-Adresse').fill(user);
      await other.getByLabel('Passwort').fill(PASSWORD);
      await other.getByRole('button', { name: 'Anmelden' }).click();
      await other.waitForURL(/\/dashboard$/);
      await other.close();
      break;
    }
    default:
      // The server's answer to the step before: nothing to do but look.
      break;
  }
}

const loggedOut = (state: string) => tableState(state) === 'loggedOut';

/**
 * Which (state, event) a browser can give, and what must come next for it: the events a person
 * causes and the server's real answers to them. Left out: answers the real server does not give on
 * demand (offline, an expired or invalid token, a refused refresh or logout, the SMS limits), the
 * minute's wait for a new code, and tokens handed over by another screen (`tokensIssued`).
 */
const DRIVABLE: Record<string, (from: string, next: string | undefined) => boolean> = {
  login: (from, next) =>
    loggedOut(from) && [undefined, 'loginOk', 'loginPending', 'loginFailed'].includes(next),
  loginOk: (from) => from === 'authenticating',
  loginPending: (from) => from === 'authenticating',
  loginFailed: (from) => from === 'authenticating',
  submitCode: (from, next) =>
    tableState(from) === 'mfaPending' && [undefined, 'codeOk', 'codeWrong'].includes(next),
  codeOk: (from) => tableState(from) === 'verifyingCode',
  codeWrong: (from) => tableState(from) === 'verifyingCode',
  logout: (from, next) =>
    tableState(from) === 'mfaPending' ||
    (from === 'authenticated.idle' && [undefined, 'revoked'].includes(next)),
  revoked: (from) => from === 'loggingOut',
  refresh: (from, next) => from === 'authenticated.idle' && [undefined, 'refreshed'].includes(next),
  refreshed: (from) => from === 'authenticated.refreshing',
  otherTabLoggedOut: (from) => from === 'authenticated.idle',
  // The other tab signs in with the demo's agent without SMS protection: its tokens are verified.
  otherTabLoggedIn: (from, next) => loggedOut(from) && [undefined, 'verified'].includes(next),
  verified: (from) => from === 'verifying',
};

/** The account a login step signs in with: the one whose answer is the table's next event. */
function userFor(path: TablePath, i: number): string {
  const next = path.steps[i + 1]?.event;
  if (next === 'loginPending') return MFA_USER;
  if (next === 'loginFailed') return 'agent@matchwerk.example';
  // A path that refreshes runs on a server of its own whose tokens live two seconds.
  return path.steps.some((s) => s.event === 'refresh')
    ? 'luna@matchwerk.example'
    : 'stella@matchwerk.example';
}

/** When a path last signed the SMS account in so that an SMS was sent, per instance. */
const mfaLoginAt = new Map<string, number>();

/** The session's browser driver for `npm run qa -- run session --browser` (tests/qa/browser.ts). */
export const sessionBrowser: BrowserDriver<SessionPage> = {
  table: 'session',
  spec: sessionTable,
  startPath: '/login',
  undrivable(path) {
    for (const [i, step] of path.steps.entries()) {
      const next = path.steps[i + 1]?.event;
      if (!DRIVABLE[step.event]?.(step.from, next)) {
        return `step ${i + 1} (in ${step.from}: ${step.event}${next ? `, then ${next}` : ''}) has no browser action`;
      }
    }
    return undefined;
  },
  serverFor: (path): Record<string, string> =>
    path.steps.some((s) => s.event === 'refresh') ? { ACCESS_TOKEN_TTL: '2' } : {},
  async act(run, path, i) {
    const step = path.steps[i] as BrowserStep;
    const user = userFor(path, i);
    if (step.event === 'login' && user === MFA_USER) {
      // The server sends one SMS per account every SMS_RESEND_SECONDS (the tests' servers: 2 s, a
      // minute in production), and five wrong codes burn it: a path that goes on to codeOk first waits
      // out that interval since the last SMS login, so that its login sends a fresh code (the paths
      // before may have spent or burnt the last one).
      const interval = run.app.smsResendMs + 1_000;
      const last = mfaLoginAt.get(run.app.url);
      const codeOk = path.steps.slice(i).some((s) => s.event === 'codeOk');
      if (codeOk && last !== undefined)
        await run.page.waitForTimeout(Math.max(0, last + interval - Date.now()));
      if (codeOk || last === undefined || Date.now() - last > interval)
        mfaLoginAt.set(run.app.url, Date.now());
    }
    await sessionAct(run, step, path.steps[i + 1]?.event, user);
  },
  async check(run, path, i) {
    const step = path.steps[i] as BrowserStep;
    return checkSessionState(run.page, step.expect.target, step.expect, `${path.name}: step ${i + 1}`);
  },
};
