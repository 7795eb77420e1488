// The user types by name, without imports: the boot script (src/api/early-calls.ts) and the page's
// chunk audiences (contract/page-meta.ts) need them before any schema library is loaded.

export const CANDIDATE_TYPES = ['luna', 'stella', 'nova'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

/** SEED-SPEC §1: any user_type containing the word agent is an agent (agent, senior_agent, …). */
export function isAgentType(userType: string): boolean {
  return userType.includes('agent');
}

/** A candidate's user type (luna, stella, nova). */
export function isCandidateType(userType: string): userType is CandidateType {
  return (CANDIDATE_TYPES as readonly string[]).includes(userType);
}
