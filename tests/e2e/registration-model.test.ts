import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBrowserPaths } from '../qa/browser';
import { qaRun } from '../qa/run-options';
import { tablePaths } from '../support/model';
import { registrationTable } from '../support/registration-table';
import { launchBrowser, type RunningApp, startApp } from './harness';
import {
  type Registrant,
  registrationActions,
  registrationBrowser,
  registrationScreens,
} from './registration-driver';

// The registration table's path to `done` (tests/support/registration-table.ts), executed against the
// real app: each table event becomes what a person does (or waits for, when it is the server's answer),
// each table state a check of the screen (tests/e2e/registration-driver.ts).
const toDone = tablePaths(registrationTable).find((p) => p.name.endsWith('--> done'));

const EMAIL = 'modell.nova@example.org';

const qa = qaRun();
// `npm run qa -- run registration --browser`: the generator's paths instead of the fixed walk.
if (qa?.browser) describeBrowserPaths('registration', [registrationBrowser], qa);
else describeWalk();

function describeWalk() {
  describe('registration model path in a browser', () => {
    let app: RunningApp;
    let browser: Browser;
    let page: Page;
    let registrant: Registrant;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startApp(), launchBrowser()]);
      const context = await browser.newContext();
      page = await context.newPage();
      registrant = { app, context, page, email: EMAIL, phone: '0151 11122299' };
      await page.goto(`${app.url}/register`);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it('the table has a path from a visitor to a finished registration', () => {
      expect(toDone?.steps.map((s) => s.event)).toEqual([
        'createAccount',
        'createDone',
        'validated',
        'phoneConfirmed',
        'fieldsDone',
        'profileComplete',
        'nextDone',
        'photoDone',
        'nextDone',
      ]);
    });

    it('runs that path in the real app, skipping the phone, and checks each state the table names', async () => {
      await registrationScreens['account.editing']?.(page);
      for (const step of toDone?.steps ?? []) {
        // The browser user skips the SMS protection where the table's shortest path confirms a phone
        // (registration.test.ts confirms one); both lead to the profile step.
        const event = step.event === 'phoneConfirmed' ? 'skipPhone' : step.event;
        await registrationActions[event]?.(registrant);
        await registrationScreens[step.expect.target]?.(page);
      }
      expect(page.url()).toMatch(/\/dashboard$/);
    });
  });
}
