import * as v from 'valibot';
import { UuidSchema } from './agent';
import { FieldError, oneLine, strictObject } from './field-errors';
import { PipelineDateSchema } from './pipeline';
import { EmailSchema } from './session';
import { LanguageSchema } from './user-types';

/**
 * The senior agent's team (issue 42): every agent with what they look after and what is late, moving
 * what one agent looks after to another, creating agents, deactivating and reactivating them. Senior
 * agents only: 401 without a token, 403 `auth.forbidden` for every other account, plain agents included.
 *
 * GET  /api/agent/team?today=YYYY-MM-DD   → TeamOverviewSchema
 * PUT  /api/agent/team                    AgentCreateSchema → TeamMemberSchema (201); 409 email.taken
 * POST /api/agent/team/{uuid}/reassign    ReassignBodySchema → ReassignResultSchema
 * POST /api/agent/team/{uuid}/deactivate  DeactivateBodySchema → TeamMemberSchema;
 *                                         409 agent.has_records unless `reassignTo` takes them in the same step
 * POST /api/agent/team/{uuid}/reactivate  (no body) → TeamMemberSchema; idempotent
 *
 * "What an agent looks after": candidates and companies assigned to them, and their jobs — active or
 * archived jobs assigned to them, or created by them while nobody is assigned (the job list's agent=me).
 */

export const TEAM_ERROR_CODES = [
  /** Deactivating an agent who still looks after candidates, companies or jobs without naming who takes them. */
  'agent.has_records',
  /** A senior agent deactivates or reassigns away from themselves: another senior does that. */
  'agent.self',
  /** Reassigning to the agent the records are with already. */
  'reassign.same_agent',
] as const;
export type TeamErrorCode = (typeof TEAM_ERROR_CODES)[number];

/** The roles a senior agent gives a new agent. */
export const AGENT_ROLES = ['agent', 'senior_agent'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export const TeamQuerySchema = v.object({ today: v.optional(PipelineDateSchema) });

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const TeamMemberSchema = v.object({
  uuid: v.string(),
  email: v.string(),
  name: v.nullable(v.string()),
  userType: v.string(),
  senior: v.boolean(),
  active: v.boolean(),
  candidates: count,
  companies: count,
  /** Active and archived jobs the agent works on. */
  jobs: count,
  /** Follow-ups due before `today` on active jobs the agent works on or set by them. */
  overdueFollowUps: count,
  /** Entries still `submitted` more than UNANSWERED_DAYS days ago without an answer, on the agent's active jobs. */
  unanswered: count,
  /** Active company requests the agent has taken. */
  openRequests: count,
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

export const TeamOverviewSchema = v.object({
  today: v.string(),
  /** Active company requests nobody has taken yet (agency-wide). */
  requestsWithoutAgent: count,
  /** Active agents first, then by e-mail. */
  items: v.array(TeamMemberSchema),
});
export type TeamOverview = v.InferOutput<typeof TeamOverviewSchema>;

const NameText = v.pipe(
  v.string(FieldError.invalidType),
  v.trim(),
  v.minLength(1, FieldError.required),
  v.maxLength(100, FieldError.tooLong),
  oneLine(),
);

/** A new agent: they get a mail with a link to choose their password (the password reset's link). */
export const AgentCreateSchema = strictObject({
  email: EmailSchema,
  first_name: NameText,
  last_name: NameText,
  role: v.picklist(AGENT_ROLES, FieldError.invalidType),
  language: v.optional(LanguageSchema, 'de'),
});
export type AgentCreate = v.InferOutput<typeof AgentCreateSchema>;
export type AgentCreateInput = v.InferInput<typeof AgentCreateSchema>;

const Selection = v.optional(v.pipe(v.array(UuidSchema), v.maxLength(1000, FieldError.tooLong)));

/**
 * Moves what an agent looks after to `to` (an active agent). Without `only`, everything; with it, the
 * candidates, companies and jobs named (each must be the agent's, others are left alone and not counted).
 */
export const ReassignBodySchema = strictObject({
  to: UuidSchema,
  only: v.optional(strictObject({ candidates: Selection, companies: Selection, jobs: Selection })),
});
export type ReassignBody = v.InferOutput<typeof ReassignBodySchema>;

export const ReassignResultSchema = v.object({ candidates: count, companies: count, jobs: count });
export type ReassignResult = v.InferOutput<typeof ReassignResultSchema>;

/** `reassignTo`: who takes everything the agent looks after, in the same step. */
export const DeactivateBodySchema = strictObject({ reassignTo: v.optional(UuidSchema) });
export type DeactivateBody = v.InferOutput<typeof DeactivateBodySchema>;
