import * as v from 'valibot';
import {
  AccessLogResponseSchema,
  AgentConflictSchema,
  AgentDashboardSchema,
  AgentListResponseSchema,
  AgentProfileDetailSchema,
  AgentSelfSchema,
  AgentSelfUpdateSchema,
  AssignBodySchema,
  AssignmentResultSchema,
  CandidateStatusBodySchema,
  CompanyDetailSchema,
  CompanyListQuerySchema,
  CompanyListResponseSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
  PromoteBodySchema,
} from '../agent';
import { CARD_KINDS } from '../cards';
import { CATALOGUE_RULE } from '../catalog';
import { ErasureBodySchema, ErasurePreviewSchema } from '../erasure';
import {
  AgentCompanyCreateSchema,
  AgentProfileCreateSchema,
  InvitationSchema,
  InviteBodySchema,
} from '../people';
import { ProfileConflictSchema, ProfileResponseSchema, ProfileUpdateSchema } from '../profile';
import { type ApiRoute, type DocumentedCode, ID, route } from '../route-table';
import { GlobalSearchQuerySchema, GlobalSearchResponseSchema } from '../search';

// The agents' workspace (contract/agent.ts, contract/people.ts, contract/erasure.ts): their own
// record, the tables, candidates and companies. Agents only, every one of them.

const invitationRefused = ['invitation.has_account', 'email.taken'] as const;
const ERASURE_RULE =
  "Senior agents delete any candidate or company, an agent those assigned to them (else 403 `erasure.not_assigned`). `confirm` must be the name or the e-mail the preview (GET) shows, compared trimmed and without regard to case (else 400 `erasure.confirm_mismatch`). With an account, the account and every session go as in DELETE /api/user; the photo, the own timeline, a candidate's pipeline entries and a company's contacts go; each job's pipeline history stays, anonymised; jobs the company was client of stay without a client. The deletion is recorded with the agent, the time, the kind and the reason's category only.";

/** The calling agent, the agents and the workspace's search and dashboard. */
export const AGENTS = {
  self: route({
    method: 'GET',
    path: '/api/agent',
    answer: { status: 200, json: AgentSelfSchema },
    who: 'agent',
    tag: 'agents',
    summary: "The calling agent's own record",
  }),
  saveSelf: route({
    method: 'PUT',
    path: '/api/agent',
    invalidates: (): readonly ApiRoute[] => [AGENTS.self],
    body: AgentSelfUpdateSchema,
    answer: { status: 200, json: AgentSelfSchema },
    errors: { 409: ['agent.version_conflict'] },
    conflict: AgentConflictSchema,
    who: 'agent',
    tag: 'agents',
    summary: "Save the calling agent's name and phone (409 on a version conflict)",
  }),
  list: route({
    method: 'GET',
    path: '/api/agent/list',
    answer: { status: 200, json: AgentListResponseSchema },
    who: 'agent',
    tag: 'agents',
    summary: 'All agents with their assigned candidates, companies and active jobs',
  }),
  search: route({
    method: 'GET',
    path: '/api/agent/search',
    query: GlobalSearchQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: GlobalSearchResponseSchema },
    who: 'agent',
    tag: 'agents',
    summary: 'Agents: candidates, companies and jobs matching a query (the search field of the shell)',
  }),
  dashboard: route({
    method: 'GET',
    path: '/api/agent/dashboard',
    answer: { status: 200, json: AgentDashboardSchema },
    who: 'agent',
    tag: 'agents',
    summary: "The agent dashboard's counts and latest matching runs",
  }),
} as const;

/** A kind of record the agency keeps: a candidate (`profile` in its paths) or a company. */
interface KeptKind<
  LQ extends v.GenericSchema,
  LA extends v.GenericSchema,
  RA extends v.GenericSchema,
  CB extends v.GenericSchema,
> {
  /** The word of its paths: `/api/{word}/list`, `/api/agent/{word}/{uuid}`, `assign_{word}`. */
  word: 'profile' | 'company';
  notFound: 'profile.not_found' | 'company.not_found';
  /** The table's query and answer, one record's answer, a new record's body. */
  listQuery: LQ;
  listAnswer: LA;
  readAnswer: RA;
  createBody: CB;
  /** How a summary names one (`a candidate`) and names it again (`them`). */
  noun: string;
  pronoun: string;
  /** The summaries that say more than which kind. */
  summaries: { list: string; read: string; create: string; erasurePreview: string };
  /** What refuses a deletion besides the rule of both kinds (a company's active jobs): its 409s and words. */
  erasureRefusals?: { codes: readonly DocumentedCode[]; rule: string };
}

/**
 * The calls both kinds have, each path and body declared once: the table, one record, assignment,
 * creation, edit, invitation, erasure.
 */
function keptEntries<
  LQ extends v.GenericSchema,
  LA extends v.GenericSchema,
  RA extends v.GenericSchema,
  CB extends v.GenericSchema,
>(kind: KeptKind<LQ, LA, RA, CB>) {
  const { word, notFound, noun } = kind;
  const entries = {
    list: route({
      method: 'GET',
      path: `/api/${word}/list`,
      query: kind.listQuery,
      queryCode: 'query.invalid',
      answer: { status: 200, json: kind.listAnswer },
      who: 'agent',
      tag: 'agents',
      summary: kind.summaries.list,
    }),
    read: route({
      method: 'GET',
      path: `/api/agent/${word}/{uuid}`,
      params: { uuid: ID },
      answer: { status: 200, json: kind.readAnswer },
      errors: { 404: [notFound] },
      who: 'agent',
      tag: 'agents',
      summary: kind.summaries.read,
    }),
    assign: route({
      method: 'POST',
      path: `/api/agent/assign_${word}`,
      // The agents' list counts each one's candidates and companies.
      invalidates: (): readonly ApiRoute[] => [entries.read, entries.list, AGENTS.list],
      body: AssignBodySchema,
      answer: { status: 200, json: AssignmentResultSchema },
      errors: { 403: ['assign.senior_only'], 404: [notFound, 'agent.not_found'] },
      who: 'agent',
      tag: 'agents',
      summary: `Assign ${noun} to the caller, to another agent (senior agents) or to nobody`,
    }),
    create: route({
      method: 'PUT',
      path: `/api/agent/${word}`,
      invalidates: (): readonly ApiRoute[] => [entries.list],
      body: kind.createBody,
      answer: { status: 201, json: ProfileResponseSchema },
      who: 'agent',
      tag: 'agents',
      summary: kind.summaries.create,
      description: CATALOGUE_RULE,
    }),
    save: route({
      method: 'POST',
      path: `/api/agent/${word}/{uuid}`,
      invalidates: (): readonly ApiRoute[] => [entries.read, entries.list],
      params: { uuid: ID },
      body: ProfileUpdateSchema,
      answer: { status: 200, json: ProfileResponseSchema },
      errors: { 404: [notFound], 409: ['profile.version_conflict'] },
      conflict: ProfileConflictSchema,
      who: 'agent',
      tag: 'agents',
      summary: `Save ${noun}'s profile as an agent (409 on a version conflict); the changed fields are recorded`,
      description: CATALOGUE_RULE,
    }),
    invite: route({
      method: 'POST',
      path: `/api/agent/${word}/{uuid}/invite`,
      invalidates: (): readonly ApiRoute[] => [entries.read],
      params: { uuid: ID },
      body: InviteBodySchema,
      answer: { status: 200, json: InvitationSchema },
      errors: { 400: ['invitation.email_missing'], 404: [notFound], 409: invitationRefused },
      who: 'agent',
      tag: 'agents',
      summary: `Mail ${noun} without an account a one-time link (7 days) to take the record over`,
    }),
    erasurePreview: route({
      method: 'GET',
      path: `/api/agent/${word}/{uuid}/erase`,
      params: { uuid: ID },
      answer: { status: 200, json: ErasurePreviewSchema },
      errors: { 403: ['erasure.not_assigned'], 404: [notFound] },
      who: 'agent',
      tag: 'agents',
      summary: kind.summaries.erasurePreview,
    }),
    erase: route({
      method: 'POST',
      path: `/api/agent/${word}/{uuid}/erase`,
      invalidates: (): readonly ApiRoute[] => [entries.list],
      params: { uuid: ID },
      body: ErasureBodySchema,
      answer: { status: 200, json: ErasurePreviewSchema },
      errors: {
        400: ['erasure.confirm_mismatch'],
        403: ['erasure.not_assigned'],
        404: [notFound],
        ...(kind.erasureRefusals ? { 409: kind.erasureRefusals.codes } : {}),
      },
      who: 'agent',
      tag: 'agents',
      summary: `Delete ${noun} with a reason and a confirmation naming ${kind.pronoun}; answers what went`,
      description: [ERASURE_RULE, kind.erasureRefusals?.rule].filter(Boolean).join(' '),
    }),
  } as const;
  return entries;
}

/** The candidates: the table, one candidate, its card, status, assignment, edit, invitation, erasure. */
export const CANDIDATES = {
  ...keptEntries({
    word: 'profile',
    notFound: 'profile.not_found',
    listQuery: ProfileListQuerySchema,
    listAnswer: ProfileListResponseSchema,
    readAnswer: AgentProfileDetailSchema,
    createBody: AgentProfileCreateSchema,
    noun: 'a candidate',
    pronoun: 'them',
    summaries: {
      list: 'Agents: the candidate profiles, filtered, sorted and paged',
      read: "A candidate's profile with account, jobs and history (recorded in the access log)",
      create: 'Create a candidate without an account (phone intake, walk-in); the caller looks after them',
      erasurePreview:
        'What deleting a candidate would take: account, photo, pipeline entries, timeline entries',
    },
  }),
  accessLog: route({
    method: 'GET',
    path: '/api/agent/profile/{uuid}/access-log',
    params: { uuid: ID },
    answer: { status: 200, json: AccessLogResponseSchema },
    errors: { 404: ['profile.not_found'] },
    who: 'seniorAgent',
    tag: 'agents',
    summary: "Senior agents: who read a candidate's profile or card",
  }),
  setStatus: route({
    method: 'POST',
    path: '/api/agent/profile/{uuid}/status',
    invalidates: (): readonly ApiRoute[] => [CANDIDATES.read, CANDIDATES.list, AGENTS.list],
    params: { uuid: ID },
    body: CandidateStatusBodySchema,
    answer: { status: 200, json: AssignmentResultSchema },
    errors: { 404: ['profile.not_found'] },
    who: 'agent',
    tag: 'agents',
    summary: 'Block a candidate with a reason (inactive) or lift the block (active): the agency’s switch',
  }),
  promote: route({
    method: 'POST',
    path: '/api/agent/luna_to_stella',
    invalidates: (): readonly ApiRoute[] => [CANDIDATES.read, CANDIDATES.list, AGENTS.list],
    body: PromoteBodySchema,
    answer: { status: 200, json: AssignmentResultSchema },
    errors: { 404: ['profile.not_found'], 409: ['profile.not_luna'] },
    who: 'agent',
    tag: 'agents',
    summary: 'Promote a luna profile to stella',
  }),
  card: route({
    method: 'GET',
    path: '/api/agent/card/{uuid}/{format}',
    params: { uuid: ID, format: v.picklist(CARD_KINDS) },
    answer: { status: 200, media: 'application/pdf' },
    errors: { 400: ['card.format_invalid'], 404: ['profile.not_found'] },
    who: 'agent',
    tag: 'agents',
    summary: "A candidate's card as PDF, format full or anonymised (recorded in the access log)",
    description:
      'The words before issue 43, `pdf` (the full card) and `anonymous`, still answer: old links and bookmarks keep working.',
  }),
} as const;

/** The companies: the table, one company, assignment, edit, invitation, erasure. */
export const COMPANIES = keptEntries({
  word: 'company',
  notFound: 'company.not_found',
  listQuery: CompanyListQuerySchema,
  listAnswer: CompanyListResponseSchema,
  readAnswer: CompanyDetailSchema,
  createBody: AgentCompanyCreateSchema,
  noun: 'a company',
  pronoun: 'it',
  summaries: {
    list: 'Agents: the companies, filtered and paged',
    read: 'A company with its profile values and job requests',
    create: 'Create a company without an account; the caller looks after it',
    erasurePreview:
      'What deleting a company would take: account, contacts, timeline entries, jobs (active ones named)',
  },
  erasureRefusals: {
    codes: ['erasure.active_jobs'],
    rule: 'A company that is the client of active jobs is refused (409 `erasure.active_jobs`) until they are archived.',
  },
});

/** A kept record's calls by its kind (candidate: `profile`, company), for the pages both share. */
export const KEPT = {
  profile: CANDIDATES,
  company: COMPANIES,
} as const;
