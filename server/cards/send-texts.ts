import type { Language } from '../../contract/user-types';
import type { AgencyConfig } from '../config';

interface BodyInput {
  contact: string;
  job: string;
  count: number;
  /** One line per candidate: the name (full card) or the reference number (anonymised). */
  lines: string[];
  /** The sending agent's name (or e-mail). */
  agent: string;
  agency: Pick<AgencyConfig, 'name' | 'email' | 'phone'>;
}

/** The mail to a client's contact with the candidates' cards, in the contact's language (issue 21). */
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
    body: ({ contact, job, count, lines, agent, agency }) =>
      [
        `Guten Tag ${contact},`,
        '',
        count === 1
          ? `für Ihre Stelle „${job}“ stellen wir Ihnen eine Person vor; ihre Profilkarte liegt dieser Mail bei:`
          : `für Ihre Stelle „${job}“ stellen wir Ihnen ${count} Personen vor; ihre Profilkarten liegen dieser Mail bei:`,
        '',
        ...lines,
        '',
        'Bei anonymisierten Karten nennen wir Ihnen Namen und Kontaktdaten, sobald die Person zugestimmt hat. Sagen Sie uns einfach, wen Sie kennenlernen möchten.',
        '',
        'Mit freundlichen Grüßen',
        agent,
        agency.name,
        `${agency.email} · ${agency.phone}`,
      ].join('\n'),
  },
  en: {
    subject: (job, count) => (count === 1 ? `A candidate for “${job}”` : `${count} candidates for “${job}”`),
    anonymised: 'anonymised',
    body: ({ contact, job, count, lines, agent, agency }) =>
      [
        `Dear ${contact},`,
        '',
        count === 1
          ? `for your position “${job}” we would like to introduce one candidate; their profile card is attached:`
          : `for your position “${job}” we would like to introduce ${count} candidates; their profile cards are attached:`,
        '',
        ...lines,
        '',
        'For anonymised cards we tell you the name and contact details once the person has agreed. Just let us know whom you would like to meet.',
        '',
        'Kind regards',
        agent,
        agency.name,
        `${agency.email} · ${agency.phone}`,
      ].join('\n'),
  },
};
