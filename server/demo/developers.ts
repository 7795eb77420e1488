import { BAD_HOMBURG, DARMSTADT, FRANKFURT, MAINZ, OFFENBACH, WIESBADEN } from './places';

/** A developer as an agent enters one: full values, no account, no photo. */
function developer(values: Record<string, unknown>): Record<string, unknown> {
  return {
    occupation: 'software_developer',
    education_level: 'bachelor',
    driving_licences: ['b'],
    remote: 'hybrid',
    available_from: '2026-04-01',
    ...values,
  };
}

/**
 * Candidates without accounts the agency entered for its IT clients: developers around Frankfurt
 * with different fits for the demo developer job, so that the pipeline the seed fills from its
 * ranking (server/demo/pipeline.ts) and the candidates Mainsoft is sent are people a client would
 * be shown (among the 300 generated candidates only two are developers). The one whose only gap is
 * the job's full time comes last of the seven: the one Mainsoft turned down for it.
 */
export const DEMO_CANDIDATES: readonly {
  id: string;
  type: 'stella' | 'nova';
  values: Record<string, unknown>;
}[] = [
  {
    id: demoCandidateId(0),
    type: 'stella',
    values: developer({
      first_name: 'Mira',
      last_name: 'Schulte',
      birth_date: '1993-08-11',
      city: DARMSTADT,
      travel_radius_km: 40,
      skills: ['typescript', 'react', 'nodejs', 'docker', 'git'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'C1' },
      ],
      education_level: 'master',
      experience_years: 6,
      employment_types: ['full_time'],
      desired_salary: 66_000,
      about: 'Frontend-lastige Full-Stack-Entwicklerin, React und Node.js seit sechs Jahren.',
    }),
  },
  {
    id: demoCandidateId(1),
    type: 'nova',
    values: developer({
      first_name: 'Jonas',
      last_name: 'Albrecht',
      birth_date: '1996-02-03',
      city: OFFENBACH,
      travel_radius_km: 30,
      skills: ['typescript', 'nodejs', 'sql', 'postgresql', 'aws'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'B2' },
      ],
      experience_years: 4,
      employment_types: ['full_time'],
      remote: 'remote',
      desired_salary: 58_000,
      about: 'Backend mit Node.js und PostgreSQL; sucht ein Team mit Produktverantwortung.',
    }),
  },
  {
    id: demoCandidateId(2),
    type: 'stella',
    values: developer({
      first_name: 'Deniz',
      last_name: 'Arslan',
      birth_date: '1988-11-29',
      city: MAINZ,
      travel_radius_km: 50,
      skills: ['javascript', 'react', 'sql', 'java', 'spring'],
      languages: [
        { language: 'de', level: 'C1' },
        { language: 'tr', level: 'native' },
        { language: 'en', level: 'C1' },
      ],
      experience_years: 10,
      employment_types: ['full_time', 'freelance'],
      desired_salary: 72_000,
      about: 'Zehn Jahre Java und React im Bankenumfeld, lernt gerade TypeScript.',
    }),
  },
  {
    id: demoCandidateId(3),
    type: 'stella',
    values: developer({
      first_name: 'Lea',
      last_name: 'Vogt',
      birth_date: '1999-05-20',
      city: BAD_HOMBURG,
      travel_radius_km: 35,
      skills: ['typescript', 'react', 'sql'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'B2' },
      ],
      experience_years: 3,
      employment_types: ['full_time'],
      available_from: '2026-02-15',
      desired_salary: 52_000,
    }),
  },
  {
    id: demoCandidateId(4),
    type: 'nova',
    values: developer({
      first_name: 'Tomasz',
      last_name: 'Kowalski',
      birth_date: '1990-09-14',
      city: FRANKFURT,
      travel_radius_km: 25,
      skills: ['nodejs', 'react', 'mongodb', 'docker'],
      languages: [
        { language: 'pl', level: 'native' },
        { language: 'de', level: 'B2' },
        { language: 'en', level: 'C1' },
      ],
      experience_years: 7,
      employment_types: ['full_time'],
      desired_salary: 64_000,
    }),
  },
  {
    id: demoCandidateId(5),
    type: 'stella',
    values: developer({
      first_name: 'Clara',
      last_name: 'Wendt',
      birth_date: '1994-01-08',
      city: WIESBADEN,
      travel_radius_km: 40,
      skills: ['typescript', 'react', 'vue'],
      languages: [{ language: 'de', level: 'native' }],
      experience_years: 5,
      employment_types: ['part_time'],
      remote: 'remote',
      about: 'Sucht eine Stelle in Teilzeit, 25–30 Stunden.',
    }),
  },
];

/** Ids of the hand-written candidates: fixed, like the generated ones. */
export function demoCandidateId(i: number): string {
  return `5eed0000-0000-4000-a000-${String(i).padStart(12, '0')}`;
}
