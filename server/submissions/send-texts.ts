import type { ContactSalutation } from '../../contract/client';
import type { Language } from '../../contract/user-types';
import type { AgencyConfig } from '../config';

/** What the salutation needs of a contact (issue 42); a contact saved before has its parts split. */
export interface Addressee {
  salutation: ContactSalutation;
  title: string;
  firstName: string;
  lastName: string;
  /** The whole name: the neutral greeting's fallback when no last name is known. */
  name: string;
}

/** One card of the mail: its line (the name, or the reference number) and the link to its answer. */
export interface CardLine {
  line: string;
  link: string;
}

interface BodyInput {
  contact: Addressee;
  job: string;
  count: number;
  /** One per candidate: the name (full card) or the reference number (anonymised), and its link. */
  cards: CardLine[];
  /** The page where the company sees every candidate of the job and answers. */
  page: string;
  /** The agent's personal line, or ''. */
  note: string;
  /** The sending agent's name (or e-mail). */
  agent: string;
  agency: Pick<AgencyConfig, 'name' | 'email' | 'phone'>;
}

const words = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * The formal salutation in the contact's language: "Sehr geehrte Frau Dr. Krüger" / "Dear Ms Krüger"
 * ("Dear Dr Krüger": in English a title takes the place of Ms or Mr, written without a full stop as in
 * British usage); a contact without salutation (or last name) is greeted neutrally by the whole name:
 * "Guten Tag Anna Krüger" / "Dear Anna Krüger".
 */
export function salutation(language: Language, c: Addressee): string {
  const whole = words(c.title, c.firstName, c.lastName) || c.name;
  const formal = c.salutation !== 'none' && c.lastName !== '';
  if (language === 'de') {
    if (!formal) return `Guten Tag ${whole},`;
    return `${c.salutation === 'ms' ? 'Sehr geehrte Frau' : 'Sehr geehrter Herr'} ${words(c.title, c.lastName)},`;
  }
  const title = c.title.replace(/\.(?=\s|$)/g, '');
  if (!formal) return `Dear ${words(title, c.firstName, c.lastName) || c.name},`;
  return `Dear ${title || (c.salutation === 'ms' ? 'Ms' : 'Mr')} ${c.lastName},`;
}

/** The personal line as its own paragraph after the salutation, or nothing. */
const noteLines = (note: string) => (note ? [note, ''] : []);

/**
 * The mail to a client's contact with the candidates' cards, in the contact's language (issue 21):
 * formal salutation, the agent's personal line, each card with the link to its answer, and the link to
 * the page of all the job's candidates (issue 42).
 */
export const sendTexts: Record<
  Language,
  { subject: (job: string, count: number) => string; body: (input: BodyInput) => string; anonymised: string }
> = {
  de: {
    subject: (job, count) =>
      count === 1
        ? `Eine Kandidatin / ein Kandidat für „${job}“`
        : `${count} Kandidatinnen und Kandidaten für „${job}“`,
    anonymised: 'anonymisiert',
    body: ({ contact, job, count, cards, page, note, agent, agency }) => {
      // After the salutation's comma German goes on in lower case; after a personal line, anew.
      const lead = note ? 'Für' : 'für';
      return [
        salutation('de', contact),
        '',
        ...noteLines(note),
        count === 1
          ? `${lead} Ihre Stelle „${job}“ stellen wir Ihnen eine Person vor; ihre Profilkarte liegt dieser Mail bei:`
          : `${lead} Ihre Stelle „${job}“ stellen wir Ihnen ${count} Personen vor; ihre Profilkarten liegen dieser Mail bei:`,
        '',
        ...cards.flatMap((c) => [c.line, `  Ihre Antwort: ${c.link}`]),
        '',
        'Sagen Sie uns bei jeder Karte über den Link, ob Sie die Person kennenlernen möchten. Alle Kandidatinnen und Kandidaten zu dieser Stelle finden Sie hier:',
        page,
        '',
        'Bei anonymisierten Karten nennen wir Ihnen Namen und Kontaktdaten, sobald die Person zugestimmt hat.',
        '',
        'Mit freundlichen Grüßen',
        agent,
        agency.name,
        `${agency.email} · ${agency.phone}`,
      ].join('\n');
    },
  },
  en: {
    subject: (job, count) => (count === 1 ? `A candidate for “${job}”` : `${count} candidates for “${job}”`),
    anonymised: 'anonymised',
    body: ({ contact, job, count, cards, page, note, agent, agency }) =>
      [
        salutation('en', contact),
        '',
        ...noteLines(note),
        count === 1
          ? `For your position “${job}” we would like to introduce one candidate; their profile card is attached:`
          : `For your position “${job}” we would like to introduce ${count} candidates; their profile cards are attached:`,
        '',
        ...cards.flatMap((c) => [c.line, `  Your answer: ${c.link}`]),
        '',
        'Please use the link of each card to tell us whether you would like to meet the person. All candidates for this position are here:',
        page,
        '',
        'For anonymised cards we tell you the name and contact details once the person has agreed.',
        '',
        'Kind regards',
        agent,
        agency.name,
        `${agency.email} · ${agency.phone}`,
      ].join('\n'),
  },
};
