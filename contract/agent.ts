import * as v from 'valibot';
import { versionConflictSchema } from './errors';
import { FieldError, oneLine, strictObject } from './field-errors';
import {
  ASSIGNED_FILTERS,
  CREATED_FILTERS,
  PROFILE_LIST_SORTS,
  REGISTRATION_FILTERS,
  VET_FILTERS,
} from './list-filters';
import { InvitationSchema } from './people';
import { ProfileResponseSchema } from './profile';
import { queryInt } from './query';
import { CANDIDATE_TYPES } from './user-types';

export { ASSIGNED_FILTERS, CREATED_FILTERS, PROFILE_LIST_SORTS, REGISTRATION_FILTERS };

/**
 * The agent workspace (issue 12, PRODUCT.md §6, §8). Every call needs the bearer token of an agent
 * (any user_type containing "agent"): 401 without a token, 403 `auth.forbidden` for candidates and
 * companies. Bad uuids and query values answer 400 with codes, never 500.
 *
 * GET  /api/profile/list                       ProfileListQuerySchema → ProfileListResponseSchema
 * GET  /api/agent/profile/{uuid}               → AgentProfileDetailSchema (logged in the access log)
 * GET  /api/agent/profile/{uuid}/access-log    → AccessLogResponseSchema (senior agents only)
 * POST /api/agent/profile/{uuid}/status        CandidateStatusBodySchema → AssignmentResultSchema
 *                                              (inactive + reason: the agency's block; active: lifted)
 * POST /api/agent/assign_profile               AssignBodySchema → AssignmentResultSchema
 * POST /api/agent/assign_company               AssignBodySchema → AssignmentResultSchema
 * POST /api/agent/luna_to_stella               PromoteBodySchema → AssignmentResultSchema; 409 profile.not_luna
 * GET  /api/agent/card/{uuid}/{format}         format full | anonymised (contract/cards.ts) → application/pdf
 *                                              (logged; the old words pdf | anonymous still answer)
 * GET  /api/company/list                       CompanyListQuerySchema → CompanyListResponseSchema
 * GET  /api/agent/company/{uuid}               → CompanyDetailSchema
 * GET  /api/agent                              → AgentSelfSchema
 * PUT  /api/agent                              AgentSelfUpdateSchema → AgentSelfSchema; 409 agent.version_conflict
 * GET  /api/agent/list                         → AgentListResponseSchema
 * GET  /api/agent/dashboard                    → AgentDashboardSchema
 */

export const AGENT_ERROR_CODES = [
  'uuid.invalid',
  'query.invalid',
  'profile.not_found',
  'company.not_found',
  'agent.not_found',
  /** luna_to_stella on a profile that is no luna (e.g. already a stella). */
  'profile.not_luna',
  /** A plain agent tried to assign a candidate or company to another agent. */
  'assign.senior_only',
  'agent.version_conflict',
  'card.format_invalid',
  'status.invalid',
  /** Blocking a candidate needs a reason (1–500 characters). */
  'block.reason_required',
] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export const MAX_AGENT_PAGE_SIZE = 100;
export const ORDERS = ['asc', 'desc'] as const;
export type ProfileListSort = (typeof PROFILE_LIST_SORTS)[number];
/**
 * What an agent read of a candidate: the profile, a card (`cardAccess` of contract/cards.ts, written
 * out here as the login's shared file carries this list; recordAccess takes only these), a match
 * result's detail, a results CSV holding the candidate (those two name the job).
 */
export const ACCESS_KINDS = [
  'profile',
  'card_full',
  'card_anonymised',
  'result_detail',
  'results_csv',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
export const UuidSchema = v.pipe(v.string('uuid.invalid'), v.regex(UUID, 'uuid.invalid'));

const QueryText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, FieldError.tooLong)), '');

export const ProfileListQuerySchema = v.object({
  type: v.optional(v.picklist(CANDIDATE_TYPES, 'query.invalid')),
  q: QueryText,
  status: v.optional(v.picklist(['active', 'inactive'], 'query.invalid')),
  assigned: v.optional(v.picklist(ASSIGNED_FILTERS, 'query.invalid'), 'any'),
  registration: v.optional(v.picklist(REGISTRATION_FILTERS, 'query.invalid')),
  created: v.optional(v.picklist(CREATED_FILTERS, 'query.invalid')),
  /** new: registered themselves lately and no agent looked after them yet (server/agents/vetting.ts). */
  vet: v.optional(v.picklist(VET_FILTERS, 'query.invalid')),
  sort: v.optional(v.picklist(PROFILE_LIST_SORTS, 'query.invalid'), 'updated'),
  order: v.optional(v.picklist(ORDERS, 'query.invalid')),
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, MAX_AGENT_PAGE_SIZE, 20),
});
export type ProfileListQuery = v.InferOutput<typeof ProfileListQuerySchema>;

/** An agent as other screens name one. */
export const AgentRefSchema = v.object({ uuid: v.string(), name: v.nullable(v.string()), email: v.string() });
export type AgentRef = v.InferOutput<typeof AgentRefSchema>;

export const ProfileListItemSchema = v.object({
  uuid: v.string(),
  type: v.picklist(CANDIDATE_TYPES),
  name: v.string(),
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
  /** The occupation's option key; the client shows its catalogue label. */
  occupation: v.nullable(v.string()),
  /** The candidate's phone (catalogue field `phone`) in E.164, or null; never the 2FA number. */
  phone: v.nullable(v.string()),
  /** URL of the 128 × 128 thumbnail, or null. */
  thumbnail: v.nullable(v.string()),
  /** inactive: the candidate switched matching off, or the agency blocked them (`blocked`). */
  status: v.picklist(['active', 'inactive']),
  blocked: v.boolean(),
  assignedAgent: v.nullable(AgentRefSchema),
  /** 0–100: what matching uses, weighted (contract/completeness.ts). */
  completeness: v.number(),
  /** The catalogue keys of the parts still empty, heaviest first. */
  missing: v.array(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** The newest note, call or mail of the candidate's timeline; null: none yet. */
  lastContact: v.nullable(v.string()),
});
export type ProfileListItem = v.InferOutput<typeof ProfileListItemSchema>;

export const ProfileListResponseSchema = v.object({
  items: v.array(ProfileListItemSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type ProfileListResponse = v.InferOutput<typeof ProfileListResponseSchema>;

export const AccessLogEntrySchema = v.object({
  at: v.string(),
  agent: v.string(),
  what: v.picklist(ACCESS_KINDS),
  /** The job a result detail or a results CSV was read under; null for the profile and the card. */
  job: v.nullable(v.string()),
});
export type AccessLogEntry = v.InferOutput<typeof AccessLogEntrySchema>;
export const AccessLogResponseSchema = v.object({ items: v.array(AccessLogEntrySchema) });

export const AgentActionSchema = v.object({
  at: v.string(),
  agent: v.string(),
  action: v.string(),
  details: v.record(v.string(), v.unknown()),
});

/**
 * The agency's block of a candidate (PRODUCT.md §8): when and why an agent blocked them; null when
 * not blocked. Agents only; the candidate sees `pausedByAgency` without the reason.
 */
export const CandidateBlockSchema = v.object({ at: v.string(), reason: v.string() });
export type CandidateBlock = v.InferOutput<typeof CandidateBlockSchema>;

/** GET /api/agent/profile/{uuid}. */
export const AgentProfileDetailSchema = v.object({
  profile: ProfileResponseSchema,
  /** URL of the 512 × 512 photo, or null (SEED-SPEC §3: the agent profile response has photo_image). */
  photo_image: v.nullable(v.string()),
  account: v.nullable(
    v.object({
      email: v.string(),
      language: v.string(),
      registeredAt: v.string(),
      emailValidated: v.boolean(),
      registrationFinished: v.boolean(),
      twoFactor: v.boolean(),
      lastLoginAt: v.nullable(v.string()),
    }),
  ),
  assignedAgent: v.nullable(AgentRefSchema),
  block: v.nullable(CandidateBlockSchema),
  /** Active jobs whose current results hold the candidate. */
  jobs: v.array(v.object({ uuid: v.string(), title: v.string(), rank: v.number(), score: v.number() })),
  /** The changes agents made (assign, promote, status), newest first. */
  history: v.array(AgentActionSchema),
  /** Senior agents only: who read the profile or its card, newest first; null for plain agents. */
  accessLog: v.nullable(v.array(AccessLogEntrySchema)),
  /** The latest invitation of a profile without an account (issue 20), or null. */
  invitation: v.nullable(InvitationSchema),
});
export type AgentProfileDetail = v.InferOutput<typeof AgentProfileDetailSchema>;

/** `agent` left out: the caller; null: unassign; another agent's uuid: senior agents only. */
export const AssignBodySchema = strictObject({
  uuid: UuidSchema,
  agent: v.optional(v.nullable(UuidSchema)),
});
export type AssignBody = v.InferOutput<typeof AssignBodySchema>;
export const PromoteBodySchema = strictObject({ uuid: UuidSchema });
/** Why an agent blocks a candidate: required, 1–500 characters, kept in the candidate's history. */
export const BlockReasonSchema = v.pipe(
  v.string('block.reason_required'),
  v.trim(),
  v.minLength(1, 'block.reason_required'),
  v.maxLength(500, FieldError.tooLong),
);
/**
 * The agency's switch on a candidate: `inactive` with a reason blocks them (in no run; the candidate
 * cannot switch matching on), `active` lifts the block. The candidate's own switch is not touched.
 */
export const CandidateStatusBodySchema = v.pipe(
  strictObject({
    status: v.picklist(['active', 'inactive'], 'status.invalid'),
    reason: v.optional(BlockReasonSchema),
  }),
  v.forward(
    v.check((body) => body.status === 'active' || body.reason !== undefined, 'block.reason_required'),
    ['reason'],
  ),
  // The reference's form of the check: `inactive` comes with a reason.
  v.metadata<{ status: 'active' | 'inactive'; reason?: string | undefined }, Record<string, unknown>>({
    anyOf: [{ properties: { status: { const: 'active' } } }, { required: ['reason'] }],
  }),
);
export type CandidateStatusBody = v.InferOutput<typeof CandidateStatusBodySchema>;

export const AssignmentResultSchema = v.object({
  uuid: v.string(),
  type: v.string(),
  /** The candidate's own matching switch. */
  status: v.string(),
  assignedAgent: v.nullable(AgentRefSchema),
  /** The agency's block, or null. */
  block: v.nullable(CandidateBlockSchema),
});
export type AssignmentResult = v.InferOutput<typeof AssignmentResultSchema>;

export const CompanyListQuerySchema = v.object({
  q: QueryText,
  assigned: v.optional(v.picklist(ASSIGNED_FILTERS, 'query.invalid'), 'any'),
  /** Only companies with (yes) or without (no) an active job request. */
  open: v.optional(v.picklist(['yes', 'no'], 'query.invalid')),
  /** new: registered itself lately and no agent looked after it yet (server/agents/vetting.ts). */
  vet: v.optional(v.picklist(VET_FILTERS, 'query.invalid')),
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, MAX_AGENT_PAGE_SIZE, 20),
});
export type CompanyListQuery = v.InferOutput<typeof CompanyListQuerySchema>;

export const CompanyListItemSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  /** The account's e-mail, or the contact e-mail of a company without an account (issue 20). */
  email: v.nullable(v.string()),
  city: v.nullable(v.string()),
  assignedAgent: v.nullable(AgentRefSchema),
  openRequests: v.number(),
  updatedAt: v.string(),
});
export const CompanyListResponseSchema = v.object({
  items: v.array(CompanyListItemSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type CompanyListResponse = v.InferOutput<typeof CompanyListResponseSchema>;

export const CompanyDetailSchema = v.object({
  uuid: v.string(),
  values: v.record(v.string(), v.unknown()),
  /** The account's e-mail, or the contact e-mail of a company without an account (issue 20). */
  email: v.nullable(v.string()),
  /** False for a company an agent keeps without an account (issue 20). */
  hasAccount: v.boolean(),
  /** The company profile as an agent's form loads it (its version is what an edit names). */
  profile: ProfileResponseSchema,
  /** The latest invitation of a company without an account, or null. */
  invitation: v.nullable(InvitationSchema),
  assignedAgent: v.nullable(AgentRefSchema),
  requests: v.array(
    v.object({ uuid: v.string(), title: v.string(), status: v.string(), createdAt: v.string() }),
  ),
});
export type CompanyDetail = v.InferOutput<typeof CompanyDetailSchema>;

export const AgentSelfSchema = v.object({
  uuid: v.string(),
  email: v.string(),
  userType: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  /** URL of the photo (uploaded with POST /api/profile/photo), or null. */
  photo_image: v.nullable(v.string()),
  version: v.number(),
});
export type AgentSelf = v.InferOutput<typeof AgentSelfSchema>;

/** 409 of a stale PUT /api/agent: the error and the record as it is now. */
export const AgentConflictSchema = versionConflictSchema('agent.version_conflict', AgentSelfSchema);

const NameText = v.pipe(
  v.string(FieldError.invalidType),
  v.trim(),
  v.minLength(1, FieldError.required),
  v.maxLength(100, FieldError.tooLong),
  oneLine(),
);
export const AgentSelfUpdateSchema = strictObject({
  first_name: NameText,
  last_name: NameText,
  phone: v.nullable(
    v.pipe(v.string(FieldError.invalidType), v.trim(), v.regex(/^\+?[0-9 ()/-]{3,30}$/, 'phone.invalid')),
  ),
  version: v.pipe(
    v.number('version.required'),
    v.integer('version.required'),
    v.minValue(0, 'version.required'),
    v.maxValue(2_147_483_647, FieldError.tooLarge),
  ),
});
export type AgentSelfUpdate = v.InferOutput<typeof AgentSelfUpdateSchema>;

export const AgentListResponseSchema = v.object({
  items: v.array(
    v.object({
      uuid: v.string(),
      email: v.string(),
      name: v.nullable(v.string()),
      userType: v.string(),
      senior: v.boolean(),
      assignedCandidates: v.number(),
      assignedCompanies: v.number(),
      activeJobs: v.number(),
    }),
  ),
});
export type AgentListResponse = v.InferOutput<typeof AgentListResponseSchema>;

export const AgentDashboardSchema = v.object({
  counts: v.object({ luna: v.number(), stella: v.number(), nova: v.number(), company: v.number() }),
  newThisWeek: v.number(),
  /** The same figure per candidate type (each links to that type's table, created=week). */
  newThisWeekByType: v.object({ luna: v.number(), stella: v.number(), nova: v.number() }),
  unassigned: v.number(),
  assignedToMe: v.number(),
  /** The same two figures per candidate type (each links to that type's table). */
  unassignedByType: v.object({ luna: v.number(), stella: v.number(), nova: v.number() }),
  assignedToMeByType: v.object({ luna: v.number(), stella: v.number(), nova: v.number() }),
  activeJobs: v.number(),
  runsInFlight: v.number(),
  lastRuns: v.array(
    v.object({
      uuid: v.string(),
      jobUuid: v.string(),
      jobTitle: v.string(),
      state: v.string(),
      finishedAt: v.nullable(v.string()),
      included: v.nullable(v.number()),
    }),
  ),
  /**
   * Retention (PRODUCT.md §8): accounts and agent-kept profiles due for deletion within 30 days,
   * soonest first (the first 10). `uuid` is the candidate's profile or the company, when there is one.
   */
  deletionsDue: v.object({
    total: v.number(),
    items: v.array(
      v.object({
        kind: v.picklist(['candidate', 'company']),
        type: v.string(),
        uuid: v.nullable(v.string()),
        name: v.nullable(v.string()),
        dueAt: v.string(),
      }),
    ),
  }),
});
export type AgentDashboard = v.InferOutput<typeof AgentDashboardSchema>;

/** A senior agent: user_type containing "senior" (e.g. senior_agent). */
export function isSeniorAgentType(userType: string): boolean {
  return userType.includes('agent') && userType.includes('senior');
}
