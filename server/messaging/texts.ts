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

/** The mail a luna gets when an agent made them a stella (issue 12), in their language. */
export function promotionMail(language: Language): { subject: string; text: string; html: string } {
  const t =
    language === 'en'
      ? {
          subject: 'Your Matchwerk profile was confirmed',
          body: 'Good news: our team checked your profile and you are now a Stella, a confirmed candidate. Your profile now takes part in our matching for jobs. Keep it up to date so that we can find the right job for you.',
        }
      : {
          subject: 'Ihr Matchwerk-Profil wurde bestätigt',
          body: 'Gute Nachricht: Unser Team hat Ihr Profil geprüft, Sie sind jetzt Stella, eine bestätigte Kandidatin bzw. ein bestätigter Kandidat. Ihr Profil nimmt nun an unserer Suche nach passenden Stellen teil. Halten Sie es aktuell, damit wir die richtige Stelle für Sie finden.',
        };
  return {
    subject: t.subject,
    text: `${t.body}\n\n— Matchwerk`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111"><p>${t.body}</p><p>— Matchwerk</p></body></html>`,
  };
}
