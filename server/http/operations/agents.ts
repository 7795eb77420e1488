import * as v from 'valibot';
import {
  AccessLogResponseSchema,
  AgentConflictSchema,
  AgentDashboardSchema,
  AgentListResponseSchema,
  AgentProfileDetailSchema,
  AgentSelfSchema,
  AssignmentResultSchema,
  CARD_FORMATS,
  CompanyDetailSchema,
  CompanyListResponseSchema,
  ProfileListResponseSchema,
} from '../../../contract/agent';
import { ErasurePreviewSchema } from '../../../contract/erasure';
import { InvitationSchema } from '../../../contract/people';
import { ProfileConflictSchema, ProfileResponseSchema } from '../../../contract/profile';
import { GlobalSearchResponseSchema } from '../../../contract/search';
import { TIMELINE_SUBJECTS, TimelineEntrySchema, TimelinePageSchema } from '../../../contract/timeline';
import {
  agentsOnly,
  agentUuid,
  CATALOGUE_RULE,
  candidate,
  created,
  forbidden,
  media,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

/** A timeline call: its subject by kind and uuid. */
const timeline = {
  ...agentUuid,
  404: ['timeline.subject_invalid', 'profile.not_found', 'company.not_found', 'job.not_found'],
} as const;
/** A timeline's subject: what kind of record `uuid` is. */
const subject = { subject: v.picklist(TIMELINE_SUBJECTS) };
/** The rule on `at` the schema cannot carry: it depends on the clock. */
const TIMELINE_AT =
  "A call or mail took place at `at`: not before 2000-01-01T00:00:00Z, offset counted (the schema's pattern asks for the year 2000 on; `field.date_too_early`), and at most a day after the server's now (else 400 `field.date_too_late` on `at`).";
const invitationRefused = ['invitation.has_account', 'email.taken'] as const;
const assigning = { ...agentUuid, 403: [...forbidden, 'assign.senior_only'] } as const;
/** Deleting a candidate or company (issue 42): senior agents, or the agent who looks after it. */
const erasing = { ...agentUuid, 403: [...forbidden, 'erasure.not_assigned'] } as const;
const ERASURE_RULE =
  "Senior agents delete any candidate or company, an agent those assigned to them (else 403 `erasure.not_assigned`). `confirm` must be the name or the e-mail the preview (GET) shows, compared trimmed and without regard to case (else 400 `erasure.confirm_mismatch`). With an account, the account and every session go as in DELETE /api/user; the photo, the own timeline, a candidate's pipeline entries and a company's contacts go; each job's pipeline history stays, anonymised; jobs the company was client of stay without a client. The deletion is recorded with the agent, the time, the kind and the reason's category only.";

/** The agents' workspace: tables, dashboard, candidates, companies, timelines, people. */
export const AGENT_OPERATIONS: Record<string, OperationDoc> = {
  ...section('agents', {
    'GET /api/profile/list': op(
      'Agents: the candidate profiles, filtered, sorted and paged',
      ok(ProfileListResponseSchema),
      agentsOnly,
    ),
    'GET /api/company/list': op(
      'Agents: the companies, filtered and paged',
      ok(CompanyListResponseSchema),
      agentsOnly,
    ),
    'GET /api/agent': op("The calling agent's own record", ok(AgentSelfSchema), agentsOnly),
    'PUT /api/agent': op(
      "Save the calling agent's name and phone (409 on a version conflict)",
      ok(AgentSelfSchema),
      { ...agentsOnly, 409: ['agent.version_conflict'] },
      { conflict: AgentConflictSchema },
    ),
    'GET /api/agent/list': op(
      'All agents with their assigned candidates, companies and active jobs',
      ok(AgentListResponseSchema),
      agentsOnly,
    ),
    'GET /api/agent/search': op(
      'Agents: candidates, companies and jobs matching a query (the search field of the shell)',
      ok(GlobalSearchResponseSchema),
      agentsOnly,
    ),
    'GET /api/agent/dashboard': op(
      "The agent dashboard's counts and latest matching runs",
      ok(AgentDashboardSchema),
      agentsOnly,
    ),
    'GET /api/agent/profile/{uuid}': op(
      "A candidate's profile with account, jobs and history (recorded in the access log)",
      ok(AgentProfileDetailSchema),
      candidate,
    ),
    'GET /api/agent/profile/{uuid}/access-log': op(
      "Senior agents: who read a candidate's profile or card",
      ok(AccessLogResponseSchema),
      candidate,
    ),
    'POST /api/agent/profile/{uuid}/status': op(
      'Block a candidate with a reason (inactive) or lift the block (active): the agency’s switch',
      ok(AssignmentResultSchema),
      candidate,
    ),
    'POST /api/agent/assign_profile': op(
      'Assign a candidate to the caller, to another agent (senior agents) or to nobody',
      ok(AssignmentResultSchema),
      { ...assigning, 404: ['profile.not_found', 'agent.not_found'] },
    ),
    'POST /api/agent/assign_company': op(
      'Assign a company to the caller, to another agent (senior agents) or to nobody',
      ok(AssignmentResultSchema),
      { ...assigning, 404: ['company.not_found', 'agent.not_found'] },
    ),
    'POST /api/agent/luna_to_stella': op('Promote a luna profile to stella', ok(AssignmentResultSchema), {
      ...candidate,
      409: ['profile.not_luna'],
    }),
    'GET /api/agent/card/{uuid}/{format}': op(
      "A candidate's card as PDF, format pdf or anonymous (recorded in the access log)",
      media('application/pdf'),
      { ...candidate, 400: ['uuid.invalid', 'card.format_invalid'] },
      { path: { format: v.picklist(CARD_FORMATS) } },
    ),
    'GET /api/agent/company/{uuid}': op(
      'A company with its profile values and job requests',
      ok(CompanyDetailSchema),
      { ...agentUuid, 404: ['company.not_found'] },
    ),
    'GET /api/agent/timeline/{subject}/{uuid}': op(
      "A candidate's (subject profile), company's or job's timeline: newest first, one kind or all, paged",
      ok(TimelinePageSchema),
      timeline,
      { path: subject },
    ),
    'POST /api/agent/timeline/{subject}/{uuid}': op(
      'Add a note, or log a call or mail with its summary and date, to a timeline',
      created(TimelineEntrySchema),
      timeline,
      { path: subject, description: TIMELINE_AT },
    ),
    'PUT /api/agent/timeline/{subject}/{uuid}/{entry}': op(
      "Edit a note's text: its author, within 24 hours of writing it",
      ok(TimelineEntrySchema),
      {
        ...timeline,
        403: [...forbidden, 'timeline.not_author'],
        404: [...timeline[404], 'timeline.entry_not_found'],
        409: ['timeline.edit_expired', 'timeline.not_editable'],
      },
      { path: subject },
    ),
    'PUT /api/agent/profile': op(
      'Create a candidate without an account (phone intake, walk-in); the caller looks after them',
      created(ProfileResponseSchema),
      agentsOnly,
      { description: CATALOGUE_RULE },
    ),
    'POST /api/agent/profile/{uuid}': op(
      "Save a candidate's profile as an agent (409 on a version conflict); the changed fields are recorded",
      ok(ProfileResponseSchema),
      { ...candidate, 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema, description: CATALOGUE_RULE },
    ),
    'POST /api/agent/profile/{uuid}/invite': op(
      'Mail a candidate without an account a one-time link (7 days) to take the profile over',
      ok(InvitationSchema),
      { ...candidate, 400: ['uuid.invalid', 'invitation.email_missing'], 409: invitationRefused },
    ),
    'PUT /api/agent/company': op(
      'Create a company without an account; the caller looks after it',
      created(ProfileResponseSchema),
      agentsOnly,
      { description: CATALOGUE_RULE },
    ),
    'POST /api/agent/company/{uuid}': op(
      "Save a company's profile as an agent (409 on a version conflict); the changed fields are recorded",
      ok(ProfileResponseSchema),
      { ...agentUuid, 404: ['company.not_found'], 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema, description: CATALOGUE_RULE },
    ),
    'GET /api/agent/profile/{uuid}/erase': op(
      'What deleting a candidate would take: account, photo, pipeline entries, timeline entries',
      ok(ErasurePreviewSchema),
      { ...erasing, 404: ['profile.not_found'] },
    ),
    'POST /api/agent/profile/{uuid}/erase': op(
      'Delete a candidate with a reason and a confirmation naming them; answers what went',
      ok(ErasurePreviewSchema),
      { ...erasing, 400: ['uuid.invalid', 'erasure.confirm_mismatch'], 404: ['profile.not_found'] },
      { description: ERASURE_RULE },
    ),
    'GET /api/agent/company/{uuid}/erase': op(
      'What deleting a company would take: account, contacts, timeline entries, jobs (active ones named)',
      ok(ErasurePreviewSchema),
      { ...erasing, 404: ['company.not_found'] },
    ),
    'POST /api/agent/company/{uuid}/erase': op(
      'Delete a company with a reason and a confirmation naming it; answers what went',
      ok(ErasurePreviewSchema),
      {
        ...erasing,
        400: ['uuid.invalid', 'erasure.confirm_mismatch'],
        404: ['company.not_found'],
        409: ['erasure.active_jobs'],
      },
      {
        description: `${ERASURE_RULE} A company that is the client of active jobs is refused (409 \`erasure.active_jobs\`) until they are archived.`,
      },
    ),
    'POST /api/agent/company/{uuid}/invite': op(
      'Mail a company without an account a one-time link (7 days) to take it over',
      ok(InvitationSchema),
      {
        ...agentUuid,
        400: ['uuid.invalid', 'invitation.email_missing'],
        404: ['company.not_found'],
        409: invitationRefused,
      },
    ),
  }),
};
