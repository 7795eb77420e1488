import { isEmptyValue } from './catalog-schema';

/**
 * What a candidate profile's completeness weighs (PRODUCT.md §10 "Freshness"): the fields matching
 * compares, heaviest first, summing to 100. A name and a city are 15 %: what an agent needs to find
 * and rank someone is their occupation, skills, languages, place, experience, education and
 * availability. The keys are catalogue keys, so a screen names a missing part by its field's label
 * and links to its tab. The SQL twin is `matchwerk_profile_missing` (migration 0022), which keeps
 * `profiles.completeness` for the agents' tables; a server test holds the two together.
 */
export const COMPLETENESS_WEIGHTS = [
  ['occupation', 20],
  ['skills', 20],
  ['languages', 15],
  ['city', 15],
  ['experience_years', 10],
  ['education_level', 10],
  ['available_from', 10],
] as const satisfies readonly (readonly [string, number])[];

/** A candidate profile's completeness (0–100) and its empty parts, heaviest first. */
export function candidateCompleteness(values: Record<string, unknown>): {
  completeness: number;
  missing: string[];
} {
  let completeness = 0;
  const missing: string[] = [];
  for (const [key, weight] of COMPLETENESS_WEIGHTS) {
    if (isEmptyValue(values[key])) missing.push(key);
    else completeness += weight;
  }
  return { completeness, missing };
}
