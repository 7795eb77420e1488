import type { FieldDefinition } from '../../../contract/catalog';
import { optionLabel } from './field-values';

/** Each candidate type's page for agents: the view route of its list (stellas, lunas, novas). */
export const CANDIDATE_PAGES = {
  stella: '/stellas/view/$uuid',
  luna: '/lunas/view/$uuid',
  nova: '/novas/view/$uuid',
} as const;
export type CandidatePage = (typeof CANDIDATE_PAGES)[keyof typeof CANDIDATE_PAGES];

/** The agent's page of a candidate of this type; null for a type that has none (not a candidate). */
export function candidatePage(type: string): CandidatePage | null {
  return Object.hasOwn(CANDIDATE_PAGES, type) ? CANDIDATE_PAGES[type as keyof typeof CANDIDATE_PAGES] : null;
}

/** The agent's page of a record: a candidate's per type, or a company's; null for any other type. */
export function recordPage(type: string): CandidatePage | '/companies/view/$uuid' | null {
  return type === 'company' ? '/companies/view/$uuid' : candidatePage(type);
}

/**
 * A candidate type in the agency's words ("Stella (geprüfte/r Kandidat/in)"): the job catalogue's
 * target groups name them, so agents read the same word in the job form and wherever a type shows.
 */
export function candidateTypeLabel(jobFields: FieldDefinition[], type: string, locale: string): string {
  return optionLabel(
    jobFields.find((f) => f.key === 'target_types'),
    type,
    locale,
  );
}
