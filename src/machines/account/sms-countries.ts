import { DEFAULT_SMS_COUNTRIES, SMS_COUNTRIES_META } from '../../../contract/account';

/**
 * The countries SMS go to as the server is set up (SMS_COUNTRIES): it names them in the page it
 * sent (server/http/spa-document.ts), so the phone forms need no call of their own. A page without
 * them (the Vite dev server's) offers the default list; the server checks its own setting either way.
 */
export function pageSmsCountries(doc: Document | undefined = globalThis.document): readonly string[] {
  const content = doc?.querySelector(`meta[name="${SMS_COUNTRIES_META}"]`)?.getAttribute('content') ?? '';
  const codes = content
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return codes.length > 0 ? codes : DEFAULT_SMS_COUNTRIES;
}
