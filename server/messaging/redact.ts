/** A token in a link (validation, reset): 20 or more URL-safe characters in a row. */
const TOKEN = /[A-Za-z0-9_-]{20,}/g;
/** A one-time code as SMS and mails carry it: six digits standing alone. */
const CODE = /(?<![\d#])\d{6}(?!\d)/g;

/**
 * A message's text with the secrets it carried (link tokens, one-time codes) replaced. Used for
 * the data export and for the stored copy of a message a real transport delivered.
 */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN, '[redacted]').replace(CODE, '[redacted]');
}
