import type { Language } from '../../contract/user-types';

/** SMS texts in the user's language (PRODUCT.md §1: both languages everywhere). */
export const smsTexts = {
  loginCode: (language: Language, code: string) =>
    language === 'en'
      ? `Your Matchwerk login code: ${code}. It is valid for 5 minutes. Never share it.`
      : `Ihr Matchwerk-Anmeldecode: ${code}. Er ist 5 Minuten gültig. Geben Sie ihn nie weiter.`,
  phoneCode: (language: Language, code: string) =>
    language === 'en'
      ? `Your Matchwerk code to confirm this phone number: ${code}. It is valid for 5 minutes.`
      : `Ihr Matchwerk-Code zur Bestätigung dieser Telefonnummer: ${code}. Er ist 5 Minuten gültig.`,
};

export function languageOf(value: string): Language {
  return value === 'en' ? 'en' : 'de';
}
