import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBrowserPaths } from '../qa/browser';
import { qaRun } from '../qa/run-options';
import type { Expectation } from '../support/model';
import { tableState } from '../support/model';
import { sessionTable } from '../support/session-table';
import { accessibilityViolations, launchBrowser, type RunningApp, startApp } from './harness';
import { checkSessionState, MFA_USER, sessionAct, sessionBrowser } from './session-driver';

/*
 * The session model's paths, walked in the real built app (issue 10 point 4). Each walk is a sequence
 * of events of the session's expectation table (tests/support/session-table.ts, the one the unit test
 * replays on the machine): an event becomes what a person does, or nothing when it is the server's
 * answer to what they did; after every step the screen and the browser's storage must show the state
 * the table names. Busy states pass too fast to look at; every state a person sees is checked.
 */

interface Walk {
  name: string;
  events: string[];
  /** The user who logs in, when the walk logs in. */
  user?: string;
}

const WALKS: Walk[] = [
  { name: 'login', events: ['login', 'loginOk'], user: 'stella@matchwerk.example' },
  { name: 'wrong password', events: ['login', 'loginFailed'], user: 'agent@matchwerk.example' },
  { name: 'SMS code asked for', events: ['login', 'loginPending'], user: MFA_USER },
  {
    name: 'wrong SMS code',
    events: ['login', 'loginPending', 'submitCode', 'codeWrong'],
    user: MFA_USER,
  },
  { name: 'SMS login cancelled', events: ['login', 'loginPending', 'logout'], user: MFA_USER },
  {
    name: 'SMS code login',
    events: ['login', 'loginPending', 'submitCode', 'codeOk'],
    user: MFA_USER,
  },
  { name: 'logout', events: ['login', 'loginOk', 'logout', 'revoked'], user: 'stella@matchwerk.example' },
  {
    name: 'cross-tab logout',
    events: ['login', 'loginOk', 'otherTabLoggedOut'],
    user: 'stella@matchwerk.example',
  },
  { name: 'cross-tab login', events: ['otherTabLoggedIn', 'verified'], user: 'stella@matchwerk.example' },
];
/** Run against a server whose access tokens live two seconds. */
const REFRESH_WALK: Walk = {
  name: 'refresh on an expired token',
  events: ['login', 'loginOk', 'refresh', 'refreshed'],
  user: 'luna@matchwerk.example',
};

/** The table's states along a walk; throws when the walk is not a path of the table. */
function statesOf(walk: Walk): { event: string; from: string; expect: Expectation }[] {
  let state = sessionTable.initial;
  return walk.events.map((event) => {
    const expect = sessionTable.states[state]?.[event];
    if (!expect) throw new Error(`${walk.name}: ${state} does not take ${event}`);
    const step = { event, from: state, expect };
    state = expect.target;
    return step;
  });
}

interface WalkRun {
  page: Page;
  context: BrowserContext;
  /** The states checked, as table keys. */
  seen: string[];
}

async function runWalk(browser: Browser, app: RunningApp, walk: Walk): Promise<WalkRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.url}/login`);
  const seen: string[] = [];
  const steps = statesOf(walk);
  for (const [i, step] of steps.entries()) {
    await sessionAct({ app, context, page }, step, steps[i + 1]?.event, walk.user ?? '');
    await checkSessionState(page, step.expect.target, step.expect, `${walk.name}: ${step.expect.target}`);
    seen.push(step.expect.target);
  }
  expect(await accessibilityViolations(page), walk.name).toEqual([]);
  return { page, context, seen };
}

const seenStates = new Set<string>();

const qa = qaRun();
// `npm run qa -- run session --browser`: the generator's paths instead of the fixed walks.
if (qa?.browser) describeBrowserPaths('session', [sessionBrowser], qa);
else describeWalks();

function describeWalks() {
  describe('session model paths in a browser', () => {
    let app: RunningApp;
    let browser: Browser;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it('every walk is a path of the session table', () => {
      for (const walk of [...WALKS, REFRESH_WALK]) expect(() => statesOf(walk), walk.name).not.toThrow();
    });

    it.each(WALKS.map((w) => [w.name, w] as const))('%s', async (_name, walk) => {
      const run = await runWalk(browser, app, walk);
      for (const s of run.seen) seenStates.add(s);
      await run.context.close();
    });

    it('the walks reached every state of the table a person sees', () => {
      const shown = Object.keys(sessionTable.states).filter((k) =>
        ['loggedOut', 'authenticated.idle', 'mfaPending'].includes(tableState(k)),
      );
      // mfaPending without a cooldown takes a reload while the code is pending, or a minute's wait; a
      // reload within the cooldown (#reloaded) is walked by session.test.ts.
      const walkable = shown.filter(
        (k) =>
          ![
            'mfaPending',
            'mfaPending#cooled',
            'mfaPending#wrong-cooled',
            'mfaPending#reloaded',
            'loggedOut#ended',
          ].includes(k),
      );
      expect(walkable.filter((k) => !seenStates.has(k))).toEqual([]);
    });
  });

  describe('session model path in a browser: refresh on an expired token', () => {
    let app: RunningApp;
    let browser: Browser;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startApp({ ACCESS_TOKEN_TTL: '2' }), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it(REFRESH_WALK.name, async () => {
      const run = await runWalk(browser, app, REFRESH_WALK);
      expect(run.seen.at(-1)).toBe('authenticated.idle');
      await run.context.close();
    });
  });
}
