/**
 * The browser's localStorage keys of the app, apart from any schema: src/boot.ts reads them before
 * the app (and valibot) load.
 */

/** The signed-in session's tokens (contract/session.ts: StoredCredentialsSchema). */
export const CREDENTIALS_KEY = 'credentials';
/** The language the visitor chose: `de` or `en` (src/machines/locale.machine.ts). */
export const LANGUAGE_KEY = 'language';
