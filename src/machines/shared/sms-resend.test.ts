// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SMS_RESEND_META } from '../../../contract/sms-resend';
import { flush } from '../../../tests/support/deferred-actors';
import { setPageMeta } from '../../../tests/support/page-meta';
import { phoneSetupMachine } from '../account/phone-setup.machine';
import { pageSmsResendMs } from './sms-resend';

// The server names its SMS_RESEND_SECONDS in every page (server/http/spa-document.ts); the resend
// countdowns wait that long, so that an operator's shorter or longer interval is the one people see.

const pageSays = (content: string | null) => setPageMeta(SMS_RESEND_META, content);
afterEach(() => pageSays(null));

describe('the page’s SMS interval', () => {
  it('is the server’s setting, in ms', () => {
    pageSays('45');
    expect(pageSmsResendMs()).toBe(45_000);
    pageSays('1');
    expect(pageSmsResendMs()).toBe(1_000);
    pageSays('3600');
    expect(pageSmsResendMs()).toBe(3_600_000);
  });

  it('is the minute where the page names none or nothing the server could have set', () => {
    pageSays(null);
    expect(pageSmsResendMs()).toBe(60_000);
    for (const content of ['', '0', '3601', '1.5', '-5', 'soon', '99999']) {
      pageSays(content);
      expect(pageSmsResendMs(), content).toBe(60_000);
    }
  });

  it('is how long the phone confirmation waits before it offers a new code', async () => {
    pageSays('45');
    const T0 = Date.UTC(2026, 10, 28, 12);
    const actor = createActor(
      phoneSetupMachine.provide({ actors: { sendCode: fromPromise(async () => {}) } }),
      { input: { now: () => T0 } },
    ).start();
    actor.send({ type: 'phone.send', request: { phoneNumber: '0151 23456789', countryCode: 'DE' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.cooldown.getSnapshot().context.allowedAt).toBe(T0 + 45_000);
    actor.stop();
  });
});
