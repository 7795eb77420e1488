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
    anonymisedTitle: string;
    reference: string;
    agencyContact: string;
    anonymisedNote: (agency: string) => string;
    contact: string;
    birthDate: string;
    experience: string;
    years: (formatted: string, n: number) => string;
    education: string;
    drivingLicences: string;
    none: string;
    native: string;
    fileName: string;
    companyTitle: string;
    legalForm: string;
    industry: string;
    size: string;
    location: string;
    website: string;
    description: string;
    companyFileName: string;
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
    anonymisedTitle: 'Anonymisiertes Profil',
    reference: 'Referenz',
    agencyContact: 'Ihr Kontakt',
    anonymisedNote: (agency) =>
      `Name und Kontaktdaten erhalten Sie auf Anfrage von ${agency}, sobald die Person zugestimmt hat.`,
    contact: 'Kontakt',
    birthDate: 'Geburtsdatum',
    experience: 'Berufserfahrung',
    years: (formatted, n) => `${formatted} ${n === 1 ? 'Jahr' : 'Jahre'}`,
    education: 'Höchster Abschluss',
    drivingLicences: 'Führerscheine',
    none: '–',
    native: 'Muttersprache',
    fileName: 'profilkarte.pdf',
    companyTitle: 'Unternehmenskarte',
    legalForm: 'Rechtsform',
    industry: 'Branche',
    size: 'Größe',
    location: 'Standort',
    website: 'Website',
    description: 'Über das Unternehmen',
    companyFileName: 'unternehmenskarte.pdf',
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
    anonymisedTitle: 'Anonymised profile',
    reference: 'Reference',
    agencyContact: 'Your contact',
    anonymisedNote: (agency) =>
      `${agency} tells you the name and contact details on request, once the person has agreed.`,
    contact: 'Contact',
    birthDate: 'Date of birth',
    experience: 'Work experience',
    years: (formatted, n) => `${formatted} ${n === 1 ? 'year' : 'years'}`,
    education: 'Highest qualification',
    drivingLicences: 'Driving licences',
    none: '–',
    native: 'native',
    fileName: 'profile-card.pdf',
    companyTitle: 'Company card',
    legalForm: 'Legal form',
    industry: 'Industry',
    size: 'Size',
    location: 'Location',
    website: 'Website',
    description: 'About the company',
    companyFileName: 'company-card.pdf',
  },
};
