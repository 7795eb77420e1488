import type { Language } from '../../contract/user-types';

/** An e-mail in one language, as text and HTML. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Template {
  subject: string;
  /** Paragraphs; `{link}` marks where the button goes. */
  paragraphs: string[];
  button?: string;
}

/** One layout for every account mail: paragraphs, an optional button with the link also as text. */
function render(template: Template, link?: string): Mail {
  const text = [...template.paragraphs, ...(link ? [link] : []), '— Matchwerk'].join('\n\n');
  const button =
    link && template.button
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(template.button)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
      : '';
  const body = template.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111">
${body}
${button}
<p>— Matchwerk</p>
</body></html>`;
  return { subject: template.subject, text, html };
}

const TEMPLATES = {
  validation: {
    de: {
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        'Willkommen bei Matchwerk!',
        'Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung fortzusetzen. Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
      ],
      button: 'E-Mail-Adresse bestätigen',
    },
    en: {
      subject: 'Please confirm your e-mail address',
      paragraphs: [
        'Welcome to Matchwerk!',
        'Please confirm your e-mail address to continue your registration. The link is valid for 24 hours and works once.',
      ],
      button: 'Confirm e-mail address',
    },
  },
  reset: {
    de: {
      subject: 'Passwort zurücksetzen',
      paragraphs: [
        'Sie haben angefordert, Ihr Matchwerk-Passwort zurückzusetzen. Der Link ist eine Stunde gültig und kann einmal verwendet werden.',
        'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      ],
      button: 'Neues Passwort festlegen',
    },
    en: {
      subject: 'Reset your password',
      paragraphs: [
        'You asked to reset your Matchwerk password. The link is valid for one hour and works once.',
        'If this was not you, ignore this e-mail; your password stays as it is.',
      ],
      button: 'Choose a new password',
    },
  },
  resetDone: {
    de: {
      subject: 'Ihr Passwort wurde geändert',
      paragraphs: [
        'Das Passwort Ihres Matchwerk-Kontos wurde soeben geändert. Alle Geräte wurden abgemeldet.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
      ],
    },
    en: {
      subject: 'Your password was changed',
      paragraphs: [
        'The password of your Matchwerk account was just changed. All devices were signed out.',
        'If this was not you, reset your password at once and contact us.',
      ],
    },
  },
  loginLocked: {
    de: {
      subject: 'Anmeldung bei Matchwerk vorübergehend gesperrt',
      paragraphs: [
        'Nach mehreren falschen Passwörtern ist die Anmeldung mit Passwort bei Ihrem Matchwerk-Konto für einige Minuten gesperrt.',
        'Wenn Sie das nicht waren, versucht jemand, Ihr Passwort zu erraten: Wählen Sie ein starkes, neues Passwort und schalten Sie den SMS-Schutz ein.',
      ],
    },
    en: {
      subject: 'Sign-in to Matchwerk temporarily locked',
      paragraphs: [
        'After several wrong passwords, signing in to your Matchwerk account with the password is locked for a few minutes.',
        'If this was not you, someone is trying to guess your password: choose a strong new password and turn on SMS protection.',
      ],
    },
  },
  smsOn: {
    de: {
      subject: 'SMS-Schutz eingeschaltet',
      paragraphs: [
        'Für Ihr Matchwerk-Konto ist jetzt der SMS-Schutz eingeschaltet: Bei der Anmeldung senden wir einen Code an Ihre Telefonnummer.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
      ],
    },
    en: {
      subject: 'SMS protection turned on',
      paragraphs: [
        'SMS protection is now on for your Matchwerk account: when you sign in, we send a code to your phone number.',
        'If this was not you, reset your password at once and contact us.',
      ],
    },
  },
  smsChanged: {
    de: {
      subject: 'Telefonnummer für den SMS-Schutz geändert',
      paragraphs: [
        'Die Telefonnummer, an die wir Ihre Anmeldecodes senden, wurde soeben geändert.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
      ],
    },
    en: {
      subject: 'Phone number for SMS protection changed',
      paragraphs: [
        'The phone number we send your sign-in codes to was just changed.',
        'If this was not you, reset your password at once and contact us.',
      ],
    },
  },
  smsOff: {
    de: {
      subject: 'SMS-Schutz ausgeschaltet',
      paragraphs: [
        'Der SMS-Schutz Ihres Matchwerk-Kontos wurde ausgeschaltet: Zur Anmeldung genügt jetzt das Passwort.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
      ],
    },
    en: {
      subject: 'SMS protection turned off',
      paragraphs: [
        'SMS protection of your Matchwerk account was turned off: signing in now takes the password alone.',
        'If this was not you, reset your password at once and contact us.',
      ],
    },
  },
  invitation: {
    de: {
      subject: 'Ihr Profil bei Matchwerk wartet auf Sie',
      paragraphs: [
        'Unser Team hat für Sie ein Profil bei Matchwerk angelegt.',
        'Legen Sie über den Link ein Passwort fest, stimmen Sie den Nutzungsbedingungen zu und übernehmen Sie Ihr Profil: Danach sehen und ändern Sie es selbst. Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
        'Wenn Sie das nicht erwartet haben, ignorieren Sie diese E-Mail; ohne Ihre Zustimmung entsteht kein Konto.',
      ],
      button: 'Profil übernehmen',
    },
    en: {
      subject: 'Your Matchwerk profile is waiting for you',
      paragraphs: [
        'Our team created a profile for you at Matchwerk.',
        'Follow the link to choose a password, accept the terms and take the profile over: from then on you see and edit it yourself. The link is valid for 7 days and works once.',
        'If you did not expect this, ignore this e-mail; no account is made without your consent.',
      ],
      button: 'Take over my profile',
    },
  },
  // A contact of a client company gets its own login (issue 42, decision 0031).
  contactInvitation: {
    de: {
      subject: 'Ihr Zugang zu Matchwerk',
      paragraphs: [
        'Sie sind bei Matchwerk als Ansprechperson Ihres Unternehmens eingetragen und erhalten einen eigenen Zugang.',
        'Legen Sie über den Link ein Passwort fest und stimmen Sie den Nutzungsbedingungen zu: Danach sehen Sie, was Ihr Unternehmen bei Matchwerk sieht, etwa die vorgeschlagenen Kandidaten, und können darauf antworten. Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
        'Wenn Sie das nicht erwartet haben, ignorieren Sie diese E-Mail; ohne Ihre Zustimmung entsteht kein Konto.',
      ],
      button: 'Zugang einrichten',
    },
    en: {
      subject: 'Your Matchwerk login',
      paragraphs: [
        'You are a contact of your company at Matchwerk and get a login of your own.',
        'Follow the link to choose a password and accept the terms: from then on you see what your company sees at Matchwerk, such as the candidates proposed to it, and can answer. The link is valid for 7 days and works once.',
        'If you did not expect this, ignore this e-mail; no account is made without your consent.',
      ],
      button: 'Set up my login',
    },
  },
  accountDeleted: {
    de: {
      subject: 'Ihr Matchwerk-Konto wurde gelöscht',
      paragraphs: [
        'Ihr Matchwerk-Konto und Ihre persönlichen Daten (Profil und Foto) wurden gelöscht.',
        'Sie können sich mit dieser E-Mail-Adresse jederzeit neu registrieren.',
      ],
    },
    en: {
      subject: 'Your Matchwerk account was deleted',
      paragraphs: [
        'Your Matchwerk account and your personal data (profile and photo) were deleted.',
        'You can register again with this e-mail address at any time.',
      ],
    },
  },
  // A senior agent created an agent's account (issue 42): the password reset's link sets the first password.
  agentWelcome: {
    de: {
      subject: 'Ihr Zugang zu Matchwerk',
      paragraphs: [
        'Für Sie wurde ein Agenten-Zugang bei Matchwerk angelegt.',
        'Bitte legen Sie Ihr Passwort fest. Der Link ist eine Stunde gültig und kann einmal verwendet werden; danach fordern Sie über „Passwort vergessen“ einen neuen an.',
      ],
      button: 'Passwort festlegen',
    },
    en: {
      subject: 'Your Matchwerk account',
      paragraphs: [
        'An agent account at Matchwerk was created for you.',
        'Please choose your password. The link is valid for one hour and works once; after that, ask for a new one with "Forgot password".',
      ],
      button: 'Choose your password',
    },
  },
  // Retention (PRODUCT.md §8): 30 days ahead; `{date}` is the day of deletion.
  retentionNotice: {
    de: {
      subject: 'Ihr Matchwerk-Konto wird am {date} gelöscht',
      paragraphs: [
        'Sie haben sich lange nicht bei Matchwerk angemeldet. Konten ohne Aktivität löschen wir nach unseren Aufbewahrungsregeln: Ihr Konto und Ihre persönlichen Daten werden am {date} gelöscht.',
        'Möchten Sie Ihr Konto behalten, klicken Sie auf „Konto behalten“ oder melden Sie sich an. Sonst müssen Sie nichts tun.',
      ],
      button: 'Konto behalten',
    },
    en: {
      subject: 'Your Matchwerk account will be deleted on {date}',
      paragraphs: [
        'You have not signed in to Matchwerk for a long time. We delete inactive accounts under our retention rules: your account and your personal data will be deleted on {date}.',
        'To keep your account, press "Keep my account" or sign in. Otherwise there is nothing you need to do.',
      ],
      button: 'Keep my account',
    },
  },
} satisfies Record<string, Record<Language, Template>>;

export type AccountMail = keyof typeof TEMPLATES;

/** The account mail `kind` in `language`; validation, reset and invitation mails carry `link`. */
export function accountMail(kind: AccountMail, language: Language, link?: string): Mail {
  return render(TEMPLATES[kind][language], link);
}

/** The retention notice: the day of deletion in the owner's language, and the link that keeps the account. */
export function retentionNoticeMail(language: Language, link: string, deletionDay: Date): Mail {
  const date = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(deletionDay);
  const template = TEMPLATES.retentionNotice[language];
  return render(
    {
      ...template,
      subject: template.subject.replace('{date}', date),
      paragraphs: template.paragraphs.map((p) => p.replace('{date}', date)),
    },
    link,
  );
}
