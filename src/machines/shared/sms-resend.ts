import {
  DEFAULT_SMS_RESEND_SECONDS,
  SMS_RESEND_META,
  SMS_RESEND_SECONDS_MAX,
} from '../../../contract/sms-resend';

/**
 * How long the resend countdowns of the SMS login and the phone confirmation wait, in ms: the
 * server's SMS_RESEND_SECONDS as the page it sent names it (1–3600 s), else the default minute. A
 * countdown shorter than the server's would only meet a 429, whose Retry-After the machines' cooldown
 * child (./resend-cooldown.machine.ts) then counts.
 */
export function pageSmsResendMs(doc: Document | undefined = globalThis.document): number {
  const content = doc?.querySelector(`meta[name="${SMS_RESEND_META}"]`)?.getAttribute('content') ?? '';
  const seconds = /^\d{1,4}$/.test(content) ? Number(content) : Number.NaN;
  return (seconds >= 1 && seconds <= SMS_RESEND_SECONDS_MAX ? seconds : DEFAULT_SMS_RESEND_SECONDS) * 1000;
}
