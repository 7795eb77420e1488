/**
 * The least time between two SMS codes to one account unless the operator sets SMS_RESEND_SECONDS
 * (1–3600). The server names its setting in every page (SMS_RESEND_META, server/http/spa-document.ts),
 * so the resend countdowns of the SMS login and the phone confirmation wait what the server waits.
 * A module of its own: the session machine is on the login page's path, which has no room for the
 * account contract's schemas.
 */
export const DEFAULT_SMS_RESEND_SECONDS = 60;
/** The longest SMS_RESEND_SECONDS an operator may set (an hour): the server refuses more at start. */
export const SMS_RESEND_SECONDS_MAX = 3600;
export const SMS_RESEND_META = 'matchwerk-sms-resend-seconds';
