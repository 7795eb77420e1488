/** The locale react-aria formats dates and numbers with for each UI language (German dates, British English ones). */
export const ARIA_LOCALES: Readonly<Record<string, string>> = { de: 'de-DE', en: 'en-GB' };

/** react-aria's locale for a UI language; German for one it does not know. */
export function ariaLocale(language: string): string {
  return ARIA_LOCALES[language] ?? 'de-DE';
}
