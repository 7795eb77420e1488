import type { Language } from '../../contract/user-types';

/** SMS texts in the user's language (PRODUCT.md §1: both languages everywhere). */
export const smsTexts = {
  loginCode: (language: Language, code: string) =>
    language === 'en'
      ? `Your Matchwerk login code: ${code}. It is valid for 5 minutes. Never share it.`
      : `Ihr Matchwerk-Anmeldecode: ${code}. Er ist 5 Minuten gültig. Geben Sie ihn nie weiter.`,
};

export function languageOf(value: string): Language {
  return value === 'en' ? 'en' : 'de';
}
