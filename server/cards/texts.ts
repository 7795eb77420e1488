import type { Language } from '../../contract/user-types';

/** The profile card's own words, in both languages (field and option labels come from the catalogue). */
export const cardTexts: Record<
  Language,
  {
    title: string;
    occupation: string;
    city: string;
    skills: string;
    languages: string;
    availability: string;
    availableFrom: (date: string) => string;
    availableNow: string;
    none: string;
    native: string;
    fileName: string;
  }
> = {
  de: {
    title: 'Profilkarte',
    occupation: 'Beruf',
    city: 'Wohnort',
    skills: 'Kenntnisse',
    languages: 'Sprachen',
    availability: 'Verfügbarkeit',
    availableFrom: (date) => `ab ${date}`,
    availableNow: 'sofort',
    none: '–',
    native: 'Muttersprache',
    fileName: 'profilkarte.pdf',
  },
  en: {
    title: 'Profile card',
    occupation: 'Occupation',
    city: 'City',
    skills: 'Skills',
    languages: 'Languages',
    availability: 'Availability',
    availableFrom: (date) => `from ${date}`,
    availableNow: 'immediately',
    none: '–',
    native: 'native',
    fileName: 'profile-card.pdf',
  },
};
