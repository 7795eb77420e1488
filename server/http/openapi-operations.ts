import * as v from 'valibot';
import { AccountExportSchema, ResetCheckResponseSchema } from '../../contract/account';
import {
  AccessLogResponseSchema,
  AgentConflictSchema,
  AgentDashboardSchema,
  AgentListResponseSchema,
  AgentProfileDetailSchema,
  AgentSelfSchema,
  AssignmentResultSchema,
  CompanyDetailSchema,
  CompanyListResponseSchema,
  ProfileListResponseSchema,
} from '../../contract/agent';
import { CatalogFieldsSchema } from '../../contract/catalog';
import {
  ClientSearchResponseSchema,
  ContactConflictSchema,
  ContactListSchema,
  ContactSchema,
} from '../../contract/client';
import { ErrorCode } from '../../contract/errors';
import {
  JobConflictSchema,
  JobListResponseSchema,
  JobSchema,
  NearMissesResponseSchema,
  PreviewResponseSchema,
  ResultDetailSchema,
  ResultsResponseSchema,
  RunSchema,
  ShortlistResponseSchema,
} from '../../contract/job';
import {
  AgencySchema,
  ConsentsResponseSchema,
  LegalErrorCode,
  LegalIndexSchema,
  LegalTextQuerySchema,
  LegalTextResponseSchema,
} from '../../contract/legal';
import { InvitationInfoSchema, InvitationSchema } from '../../contract/people';
import {
  ProfileConflictSchema,
  ProfileResponseSchema,
  ProfileStatusResponseSchema,
} from '../../contract/profile';
import { TokenClaimsSchema, TokenPairSchema } from '../../contract/session';
import { TimelineEntrySchema, TimelinePageSchema } from '../../contract/timeline';
import {
  created,
  type DocumentedCode,
  media,
  noContent,
  type OperationDoc,
  ok,
  op,
  section,
} from './operation-doc';

const tokens = ok(TokenPairSchema);
const RunAnswer = v.object({ run: v.nullable(RunSchema) });
const limited = [ErrorCode.rateLimited] as const;
const forbidden = [ErrorCode.forbidden] as const;

/** The job calls: agents only (server/jobs/access.ts), an unknown or malformed uuid is job.not_found. */
const agentJob = { 403: forbidden, 404: ['job.not_found'] } as const;
/** The agents' workspace: 403 for every account that is no agent, a malformed uuid is uuid.invalid. */
const agentsOnly = { 403: forbidden } as const;
const agentUuid = { 400: ['uuid.invalid'], 403: forbidden } as const;
const candidate = { ...agentUuid, 404: ['profile.not_found'] } as const;
/** A timeline call: its subject by kind and uuid. */
const timeline = {
  ...agentUuid,
  404: ['timeline.subject_invalid', 'profile.not_found', 'company.not_found', 'job.not_found'],
} as const;
/** An invitation link that is unknown or replaced (404), used or expired (409). */
const invitationLink = {
  404: ['invitation.not_found'],
  409: ['invitation.used', 'invitation.expired'],
} as const;
const invitationRefused = ['invitation.has_account', 'email.taken'] as const;
const assigning = { ...agentUuid, 403: [...forbidden, 'assign.senior_only'] } as const;
/** A company's contacts: candidates 403, another company's or an unknown one 404. */
const contactsOf = { 403: forbidden, 404: ['company.not_found'] } as const;
const contactOne = { 403: forbidden, 404: ['company.not_found', 'contact.not_found'] } as const;
/** A job call that also looks up something of the job: its run, a result, a profile. */
const jobAnd = (notFound: DocumentedCode) => ({ 403: forbidden, 404: ['job.not_found', notFound] }) as const;
const jobRun = jobAnd('run.not_found');
/** Someone else's photo answers like one that does not exist. */
const photo = { 404: [ErrorCode.notFound] } as const;
const newPassword = ['password.weak', 'password.contains_email'] as const;
const wrongPassword = ['password.wrong_current'] as const;
const phoneRefused = [
  'phone.invalid',
  'phone.not_mobile',
  'phone.premium_rate',
  'phone.country_not_supported',
] as const;

/**
 * Every /api operation, keyed `METHOD /api/path/{param}`. A route the app registers without an
 * entry here fails server/http/openapi.db.test.ts: describe a new route here when you add it.
 */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...section('system', {
    'GET /api/health': op('Health: 200 while the database answers, 503 otherwise'),
    'GET /api/openapi.json': op('This API description (OpenAPI 3.1)'),
    'GET /api/docs': op('The interactive API reference (Swagger UI)', { status: 200, media: 'text/html' }),
    'GET /api/docs/{file}': op(
      "A file of the API reference page (Swagger UI's script and style, our init script)",
      { status: 200, media: 'application/octet-stream' },
      { 404: [ErrorCode.notFound] },
    ),
  }),
  ...section('session', {
    'POST /api/login': op(
      'Log in with e-mail and password; with SMS protection the tokens are pending until /login/2fa',
      tokens,
      { 401: ['login.invalid_credentials'], 429: limited },
    ),
    'POST /api/login/2fa': op('Complete a login with the SMS code', tokens, {
      401: ['login.wrong_2FA_code'],
    }),
    'POST /api/login/2fa/resend': op('Send a new SMS code', noContent, { 429: limited }),
    'POST /api/login/refresh': op('New tokens for a refresh token (rotated)', tokens, {
      401: ['refresh.invalid', 'refresh.reused'],
    }),
    'POST /api/logout': op('End the session of a refresh token', noContent),
    'GET /api/session': op("The access token's claims", ok(TokenClaimsSchema)),
    'GET /api/public/jwk': op('The public keys that verify access tokens (JWKS)', {
      status: 200,
      media: 'application/json',
      description: 'A JSON Web Key Set',
    }),
  }),
  ...section('account', {
    'PUT /api/public/user/create': op('Register an account', created(TokenPairSchema), {
      400: newPassword,
      409: ['email.taken'],
      429: limited,
    }),
    'POST /api/public/retention/keep': op(
      "Keep an account after the retention notice (the mail's link)",
      noContent,
      { 400: ['keep.invalid_token'] },
    ),
    'GET /api/public/user/validate/{token}': op('Confirm the e-mail address', tokens, {
      400: ['validation.invalid_token'],
    }),
    'GET /api/public/invitation/{token}': op(
      "Whom an agent's invitation is for, while it may be accepted",
      ok(InvitationInfoSchema),
      invitationLink,
    ),
    'POST /api/public/invitation/{token}': op(
      'Accept an invitation: set a password, accept the terms, take the profile over (signed in at once)',
      created(TokenPairSchema),
      { 400: newPassword, 404: invitationLink[404], 409: [...invitationLink[409], 'email.taken'] },
    ),
    'GET /api/public/user/validate/user/{token}': op(
      'Confirm the e-mail address (the variant with a user segment)',
      tokens,
      { 400: ['validation.invalid_token'] },
    ),
    'GET /api/user/create/resend': op('Send the validation mail again', noContent, {
      409: ['registration.already_validated'],
      429: limited,
    }),
    'PUT /api/user/2fa/save-phone': op('Set the SMS number; sends a code', noContent, {
      400: phoneRefused,
      403: ['phone.email_not_validated'],
      409: ['registration.wrong_step'],
      429: limited,
    }),
    'POST /api/user/2fa/save-phone/resend': op('Send a new code', noContent, {
      409: ['phone.no_pending'],
      429: limited,
    }),
    'PUT /api/user/2fa/save-phone/confirm': op(
      'Confirm the number with the code: SMS protection on',
      tokens,
      {
        401: ['login.wrong_2FA_code'],
        409: ['phone.no_pending'],
      },
    ),
    'POST /api/user/2fa/skip': op('Skip SMS protection during registration', tokens, {
      409: ['registration.wrong_step'],
    }),
    'DELETE /api/user/2fa': op('Switch SMS protection off', tokens, { 400: wrongPassword, 429: limited }),
    'POST /api/user/registration/next': op('Advance the registration step', tokens, {
      409: ['registration.wrong_step', 'registration.step_not_ready'],
    }),
    'POST /api/public/user/reset-password': op('Mail a password reset link', noContent, { 429: limited }),
    'GET /api/public/user/reset-password/check/{token}': op(
      'Whether a reset link is still good',
      ok(ResetCheckResponseSchema),
      { 400: ['reset.invalid_token'] },
    ),
    'PUT /api/public/user/reset-password': op('Set a new password with a reset link', noContent, {
      400: ['reset.invalid_token', ...newPassword],
    }),
    'PUT /api/user/password': op('Change the password', tokens, {
      400: [...wrongPassword, ...newPassword],
      429: limited,
    }),
    'PUT /api/user/phone': op('Change the SMS number; sends a code', noContent, {
      400: [...wrongPassword, ...phoneRefused],
      429: limited,
    }),
    'GET /api/user/export': op('Everything held about the user (GDPR Art. 15/20)', ok(AccountExportSchema)),
    'DELETE /api/user': op('Delete the account', noContent, { 400: wrongPassword, 429: limited }),
  }),
  ...section('legal', {
    'GET /api/public/agency': op('The agency running this Matchwerk (AGENCY_* settings)', ok(AgencySchema)),
    'GET /api/public/text': op('The legal texts with their versions in force', ok(LegalIndexSchema)),
    'GET /api/public/text/{name}': op(
      'A legal text in German or English (Markdown and HTML)',
      ok(LegalTextResponseSchema),
      { 404: [LegalErrorCode.unknownText] },
      { query: LegalTextQuerySchema },
    ),
    'GET /api/user/consents': op(
      'Accepted versions against the versions in force; mustAccept asks again',
      ok(ConsentsResponseSchema),
    ),
    'POST /api/user/accept': op('Accept the version in force of a legal text', ok(ConsentsResponseSchema), {
      409: [LegalErrorCode.versionOutdated],
    }),
  }),
  ...section('catalogue', {
    'GET /api/profile/data': op(
      "The profile field catalogue of the caller's type (an agent may ask ?type=luna|stella|nova)",
      ok(CatalogFieldsSchema),
    ),
    'GET /api/company/data': op('The company field catalogue', ok(CatalogFieldsSchema)),
    'GET /api/job/data': op('The job field catalogue', ok(CatalogFieldsSchema)),
    'GET /api/catalog/cities': op('Cities whose name starts with q', {
      status: 200,
      media: 'application/json',
    }),
  }),
  ...section('profile', {
    'GET /api/profile': op("The caller's own profile", ok(ProfileResponseSchema)),
    'PUT /api/profile': op(
      'Save profile fields (409 on a version conflict)',
      ok(ProfileResponseSchema),
      { 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema },
    ),
    'GET /api/company': op("A company user's company profile", ok(ProfileResponseSchema), { 403: forbidden }),
    'PUT /api/company': op(
      'Save company profile fields (409 on a version conflict)',
      ok(ProfileResponseSchema),
      { 403: forbidden, 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema },
    ),
    'GET /api/profile/status': op(
      'Matching on or off, and whether the agency paused the profile',
      ok(ProfileStatusResponseSchema),
      { 403: forbidden },
    ),
    'POST /api/profile/status': op(
      'Switch matching on or off (on: 409 while the agency blocks the profile)',
      ok(ProfileStatusResponseSchema),
      { 403: forbidden, 409: ['profile.blocked'] },
    ),
    'POST /api/profile/photo': op(
      'Upload the profile photo (JPEG, PNG or WebP, at most 5 MB)',
      { status: 201, media: 'application/json' },
      {
        400: [
          'photo.missing',
          'photo.name_invalid',
          'photo.type_unsupported',
          'photo.invalid',
          'photo.too_many_pixels',
        ],
      },
      { rawBody: { media: 'multipart/form-data', description: 'The image in the form field `data`' } },
    ),
    'DELETE /api/profile/photo': op('Delete the profile photo', noContent, { 404: ['photo.not_found'] }),
    'GET /api/profile/card/pdf': op('The profile card as PDF', media('application/pdf')),
    'GET /api/profile/photo/{id}': op('A photo', media('image/jpeg'), photo),
    'GET /api/profile/photo/{id}/thumb': op("A photo's thumbnail", media('image/jpeg'), photo),
  }),
  ...section('jobs', {
    'PUT /api/job': op('Create a job (a company: at most 20 requests a day)', created(JobSchema), {
      400: ['client.not_found', 'client.agent_only'],
      403: forbidden,
      429: ['cap.job_requests'],
    }),
    'GET /api/jobs/list': op(
      'The jobs the caller may see',
      ok(JobListResponseSchema),
      { 403: forbidden },
      {
        description:
          'A company sees its own requests without scores and cannot sort by them: `sort=best_score` answers it 400 `request.invalid` with `fields.sort: ["query.invalid"]`, as a sort the list does not have would.',
      },
    ),
    'POST /api/job/preview': op(
      'What-if: how many profiles an unsaved job would match',
      ok(PreviewResponseSchema),
      {
        403: forbidden,
        429: ['cap.previews'],
      },
    ),
    'POST /api/job/changestatus/{uuid}': op("Change a job's status", ok(JobSchema), agentJob),
    'GET /api/job/showresults/{id}': op(
      "A job's matching results (JSON, or CSV with format=csv)",
      ok(ResultsResponseSchema),
      agentJob,
    ),
    'GET /api/job/showresultsdetail/{job}/{profile}': op(
      "One result's breakdown",
      ok(ResultDetailSchema),
      jobAnd('result.not_found'),
    ),
    'GET /api/job/{uuid}': op('A job', ok(JobSchema), agentJob),
    'POST /api/job/{uuid}': op(
      'Update a job (409 on a version conflict or an archived job)',
      ok(JobSchema),
      { ...agentJob, 400: ['client.not_found'], 409: ['job.version_conflict', 'job.archived'] },
      { conflict: JobConflictSchema },
    ),
    'DELETE /api/job/{uuid}': op('Delete a job', noContent, agentJob),
    'POST /api/job/{uuid}/take': op(
      'Agents: work on the job (a company request stops waiting for an agent)',
      ok(JobSchema),
      { ...agentJob, 409: ['job.taken'] },
    ),
    'POST /api/job/{uuid}/run': op(
      'Start a matching run (at most 10 queued per agent)',
      { status: 202, json: RunAnswer },
      { ...agentJob, 409: ['job.archived'], 429: ['cap.runs_queued'] },
    ),
    'GET /api/job/{uuid}/run': op("The job's latest run", ok(RunAnswer), jobRun),
    'GET /api/job/{uuid}/run/events': op(
      "The run's progress as server-sent events (at most 10 open per user)",
      media('text/event-stream'),
      { ...jobRun, 429: ['cap.streams'] },
    ),
    'GET /api/job/{uuid}/near-misses': op(
      'Profiles that failed one must criterion',
      ok(NearMissesResponseSchema),
      agentJob,
    ),
    'PUT /api/job/{uuid}/shortlist/{profile}': op(
      'Shortlist a result',
      ok(ShortlistResponseSchema),
      jobAnd('profile.not_found'),
    ),
    'DELETE /api/job/{uuid}/shortlist/{profile}': op(
      'Remove a result from the shortlist',
      noContent,
      agentJob,
    ),
  }),
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
    ),
    'POST /api/agent/timeline/{subject}/{uuid}': op(
      'Add a note, or log a call or mail with its summary and date, to a timeline',
      created(TimelineEntrySchema),
      timeline,
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
    ),
    'PUT /api/agent/profile': op(
      'Create a candidate without an account (phone intake, walk-in); the caller looks after them',
      created(ProfileResponseSchema),
      agentsOnly,
    ),
    'POST /api/agent/profile/{uuid}': op(
      "Save a candidate's profile as an agent (409 on a version conflict); the changed fields are recorded",
      ok(ProfileResponseSchema),
      { ...candidate, 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema },
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
    ),
    'POST /api/agent/company/{uuid}': op(
      "Save a company's profile as an agent (409 on a version conflict); the changed fields are recorded",
      ok(ProfileResponseSchema),
      { ...agentUuid, 404: ['company.not_found'], 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema },
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
  ...section('clients', {
    'GET /api/clients/search': op(
      'Agents: the companies a job may name as its client, as typed',
      ok(ClientSearchResponseSchema),
      agentsOnly,
    ),
    'GET /api/company/{uuid}/contacts': op(
      "A company's contacts, the default first (agents: any company; a company: its own)",
      ok(ContactListSchema),
      contactsOf,
    ),
    'PUT /api/company/{uuid}/contacts': op(
      'Add a contact (the first one is the default)',
      created(ContactSchema),
      contactsOf,
    ),
    'POST /api/company/{uuid}/contacts/{contact}': op(
      'Update a contact, or make it the default (409 on a version conflict)',
      ok(ContactSchema),
      { ...contactOne, 400: ['contact.default_required'], 409: ['contact.version_conflict'] },
      { conflict: ContactConflictSchema },
    ),
    'DELETE /api/company/{uuid}/contacts/{contact}': op(
      'Remove a contact (the oldest one left becomes the default)',
      noContent,
      contactOne,
    ),
  }),
  ...section('development', {
    'GET /api/dev/outbox': op('Mails and SMS queued (not in production)', media('application/json')),
  }),
};
