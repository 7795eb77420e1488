import * as v from 'valibot';

export const CANDIDATE_TYPES = ['luna', 'stella', 'nova'] as const;
export const SELF_REGISTERED_TYPES = [...CANDIDATE_TYPES, 'company'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];
export type SelfRegisteredType = (typeof SELF_REGISTERED_TYPES)[number];

/** SEED-SPEC §1: any user_type containing the word agent is an agent (agent, senior_agent, …). */
export function isAgentType(userType: string): boolean {
  return userType.includes('agent');
}

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const LanguageSchema = v.picklist(LANGUAGES, 'language.unsupported');

/** Agent user types an operator may create (`npm run cli -- agent:create`). */
export const AgentTypeSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z_]{0,30}$/, 'user_type.invalid'),
  v.check(isAgentType, 'user_type.not_agent'),
);
