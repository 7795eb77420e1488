import type { Language } from '../../contract/user-types';

/** The results CSV's own words (criterion and type labels come from the catalogue). */
export const csvTexts: Record<
  Language,
  { separator: string; header: string[]; yes: string; no: string; fileName: string }
> = {
  de: {
    // A German spreadsheet reads `;` as the separator and `,` as the decimal mark.
    separator: ';',
    header: [
      'Rang',
      'Punktzahl',
      'Typ',
      'Name',
      'Telefon',
      'Am besten erreichbar',
      'Ort',
      'Entfernung (km)',
      'Stärkste Gründe',
      'Merkliste',
      'Seit dem Lauf geändert',
      'Profil-ID',
    ],
    yes: 'ja',
    no: 'nein',
    fileName: 'ergebnisse.csv',
  },
  en: {
    separator: ',',
    header: [
      'Rank',
      'Score',
      'Type',
      'Name',
      'Phone',
      'Best time to call',
      'City',
      'Distance (km)',
      'Strongest reasons',
      'Shortlisted',
      'Changed since the run',
      'Profile ID',
    ],
    yes: 'yes',
    no: 'no',
    fileName: 'results.csv',
  },
};
