import type { Plugin } from 'vite';

/**
 * react-aria reads the browser's default locale when its i18n module loads and checks that the tag
 * is valid with `Intl.DateTimeFormat.supportedLocalesOf([locale])`, catching the RangeError of an
 * invalid one. That first call makes the browser enumerate every locale ICU has: 30–90 ms on a
 * desktop, four times that on Lighthouse's phone — the largest single piece of the app's startup
 * task on `/login` (issue 13, total blocking time).
 *
 * `Intl.getCanonicalLocales([locale])` throws the same RangeError for the same invalid tags (both
 * run CanonicalizeLocaleList; supportedLocalesOf then only filters, it never throws) and costs
 * nothing, so the check is rewritten to it at build time. The app passes its own locale to
 * react-aria's I18nProvider anyway; the default is only its fallback.
 *
 * A react-aria release that changes the file fails the build here instead of silently losing this.
 */
const FILE = /react-aria\/dist\/private\/i18n\/useDefaultLocale\.m?js$/;
const CALL = 'Intl.DateTimeFormat.supportedLocalesOf(';

export function reactAriaLocaleCheck(): Plugin {
  return {
    name: 'matchwerk-react-aria-locale-check',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(CALL)) {
        this.error(`${id} no longer calls ${CALL}: review scripts/vite-react-aria-locale.ts`);
      }
      return { code: code.replace(CALL, 'Intl.getCanonicalLocales('), map: null };
    },
  };
}
