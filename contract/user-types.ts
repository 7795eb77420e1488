import * as v from 'valibot';
import { CANDIDATE_TYPES, isAgentType } from './user-type-names';

export { CANDIDATE_TYPES, type CandidateType, isAgentType, isCandidateType } from './user-type-names';
export const SELF_REGISTERED_TYPES = [...CANDIDATE_TYPES, 'company'] as const;
export type SelfRegisteredType = (typeof SELF_REGISTERED_TYPES)[number];

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
