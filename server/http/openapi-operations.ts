import type { GenericSchema } from 'valibot';
import * as v from 'valibot';
import { AccountExportSchema, ResetCheckResponseSchema } from '../../contract/account';
import {
  AccessLogResponseSchema,
  AgentDashboardSchema,
  AgentListResponseSchema,
  AgentProfileDetailSchema,
  AgentSelfSchema,
  AssignmentResultSchema,
  CompanyDetailSchema,
  CompanyListQuerySchema,
  CompanyListResponseSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
} from '../../contract/agent';
import { CatalogFieldsSchema } from '../../contract/catalog';
import {
  JobListQuerySchema,
  JobListResponseSchema,
  JobSchema,
  NearMissesResponseSchema,
  PreviewResponseSchema,
  ResultDetailSchema,
  ResultsQuerySchema,
  ResultsResponseSchema,
  RunSchema,
  ShortlistResponseSchema,
} from '../../contract/job';
import {
  ConsentsResponseSchema,
  LegalIndexSchema,
  LegalTextQuerySchema,
  LegalTextResponseSchema,
} from '../../contract/legal';
import { ProfileResponseSchema, ProfileStatusSchema } from '../../contract/profile';
import { TokenClaimsSchema, TokenPairSchema } from '../../contract/session';

/** What the API reference says about one operation beyond what the route itself carries. */
export interface OperationDoc {
  summary: string;
  tag: string;
  /** `bearer`: a signed-in user's access token; `pending`: the token of a login waiting for its SMS code. */
  auth?: 'bearer' | 'pending';
  /** The query parameters: the contract schema the handler parses the query with. */
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
  /** The success answer: status and body (a JSON schema, a media type, or none). */
  success?: { status: number; json?: GenericSchema; media?: string; description?: string };
  /** A request body the handler reads itself rather than through `jsonBody` (the photo upload). */
  rawBody?: { media: string; description: string };
  description?: string;
}

const ok = (json: GenericSchema) => ({ status: 200, json });
const noContent = { status: 204 };
const tokens = ok(TokenPairSchema);

/** The cities query (server/http/catalog.routes.ts parses `q` and `country`). */
const CitiesQueryDoc = v.object({
  q: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('Start of the city name')),
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/), v.description('ISO 3166-1 alpha-2 code'))),
});
const RunAnswer = v.object({ run: v.nullable(RunSchema) });

/**
 * Every /api operation, keyed `METHOD /api/path/{param}`. A route the app registers without an
 * entry here fails server/http/openapi.db.test.ts: describe a new route here when you add it.
 * Request bodies are not listed: they come from the route's own `jsonBody(schema)`.
 */
export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': { tag: 'system', summary: 'Health: 200 while the database answers, 503 otherwise' },
  'GET /api/openapi.json': { tag: 'system', summary: 'This API description (OpenAPI 3.1)' },
  'GET /api/docs': {
    tag: 'system',
    summary: 'The interactive API reference (Swagger UI)',
    success: { status: 200, media: 'text/html' },
  },
  'GET /api/docs/{file}': {
    tag: 'system',
    summary: "A file of the API reference page (Swagger UI's script and style, our init script)",
    success: { status: 200, media: 'application/octet-stream' },
  },

  'POST /api/login': {
    tag: 'session',
    summary: 'Log in with e-mail and password; with SMS protection the tokens are pending until /login/2fa',
    success: tokens,
  },
  'POST /api/login/2fa': {
    tag: 'session',
    auth: 'pending',
    summary: 'Complete a login with the SMS code',
    success: tokens,
  },
  'POST /api/login/2fa/resend': {
    tag: 'session',
    auth: 'pending',
    summary: 'Send a new SMS code',
    success: noContent,
  },
  'POST /api/login/refresh': {
    tag: 'session',
    summary: 'New tokens for a refresh token (rotated)',
    success: tokens,
  },
  'POST /api/logout': { tag: 'session', summary: 'End the session of a refresh token', success: noContent },
  'GET /api/session': {
    tag: 'session',
    auth: 'bearer',
    summary: "The access token's claims",
    success: ok(TokenClaimsSchema),
  },
  'GET /api/public/jwk': {
    tag: 'session',
    summary: 'The public keys that verify access tokens (JWKS)',
    success: { status: 200, media: 'application/json', description: 'A JSON Web Key Set' },
  },

  'PUT /api/public/user/create': {
    tag: 'account',
    summary: 'Register an account',
    success: { status: 201, json: TokenPairSchema },
  },
  'GET /api/public/user/validate/{token}': {
    tag: 'account',
    summary: 'Confirm the e-mail address',
    success: tokens,
  },
  'GET /api/public/user/validate/user/{token}': {
    tag: 'account',
    summary: 'Confirm the e-mail address (the variant with a user segment)',
    success: tokens,
  },
  'GET /api/user/create/resend': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Send the validation mail again',
    success: noContent,
  },
  'PUT /api/user/2fa/save-phone': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Set the SMS number; sends a code',
    success: noContent,
  },
  'POST /api/user/2fa/save-phone/resend': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Send a new code',
    success: noContent,
  },
  'PUT /api/user/2fa/save-phone/confirm': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Confirm the number with the code: SMS protection on',
    success: tokens,
  },
  'POST /api/user/2fa/skip': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Skip SMS protection during registration',
    success: tokens,
  },
  'DELETE /api/user/2fa': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Switch SMS protection off',
    success: tokens,
  },
  'POST /api/user/registration/next': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Advance the registration step',
    success: tokens,
  },
  'POST /api/public/user/reset-password': {
    tag: 'account',
    summary: 'Mail a password reset link',
    success: noContent,
  },
  'GET /api/public/user/reset-password/check/{token}': {
    tag: 'account',
    summary: 'Whether a reset link is still good',
    success: ok(ResetCheckResponseSchema),
  },
  'PUT /api/public/user/reset-password': {
    tag: 'account',
    summary: 'Set a new password with a reset link',
    success: noContent,
  },
  'PUT /api/user/password': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Change the password',
    success: tokens,
  },
  'PUT /api/user/phone': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Change the SMS number; sends a code',
    success: noContent,
  },
  'GET /api/user/export': {
    tag: 'account',
    auth: 'bearer',
    summary: 'Everything held about the user (GDPR Art. 15/20)',
    success: ok(AccountExportSchema),
  },
  'DELETE /api/user': { tag: 'account', auth: 'bearer', summary: 'Delete the account', success: noContent },

  'GET /api/public/text': {
    tag: 'legal',
    summary: 'The legal texts with their versions in force',
    success: ok(LegalIndexSchema),
  },
  'GET /api/public/text/{name}': {
    tag: 'legal',
    summary: 'A legal text in German or English (Markdown and HTML)',
    query: LegalTextQuerySchema,
    success: ok(LegalTextResponseSchema),
  },
  'GET /api/user/consents': {
    tag: 'legal',
    auth: 'bearer',
    summary: 'Accepted versions against the versions in force; mustAccept asks again',
    success: ok(ConsentsResponseSchema),
  },
  'POST /api/user/accept': {
    tag: 'legal',
    auth: 'bearer',
    summary: 'Accept the version in force of a legal text',
    success: ok(ConsentsResponseSchema),
  },

  'GET /api/profile/data': {
    tag: 'catalogue',
    auth: 'bearer',
    summary: 'The profile field catalogue',
    success: ok(CatalogFieldsSchema),
  },
  'GET /api/company/data': {
    tag: 'catalogue',
    auth: 'bearer',
    summary: 'The company field catalogue',
    success: ok(CatalogFieldsSchema),
  },
  'GET /api/job/data': {
    tag: 'catalogue',
    auth: 'bearer',
    summary: 'The job field catalogue',
    success: ok(CatalogFieldsSchema),
  },
  'GET /api/catalog/cities': {
    tag: 'catalogue',
    auth: 'bearer',
    summary: 'Cities whose name starts with q',
    query: CitiesQueryDoc,
    success: { status: 200, media: 'application/json' },
  },

  'GET /api/profile': {
    tag: 'profile',
    auth: 'bearer',
    summary: "The caller's own profile",
    success: ok(ProfileResponseSchema),
  },
  'PUT /api/profile': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Save profile fields (409 on a version conflict)',
    success: ok(ProfileResponseSchema),
  },
  'GET /api/company': {
    tag: 'profile',
    auth: 'bearer',
    summary: "A company user's company profile",
    success: ok(ProfileResponseSchema),
  },
  'PUT /api/company': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Save company profile fields',
    success: ok(ProfileResponseSchema),
  },
  'GET /api/profile/status': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Matching on or off',
    success: ok(ProfileStatusSchema),
  },
  'POST /api/profile/status': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Switch matching on or off',
    success: ok(ProfileStatusSchema),
  },
  'POST /api/profile/photo': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Upload the profile photo (JPEG, PNG or WebP, at most 5 MB)',
    rawBody: { media: 'multipart/form-data', description: 'The image in the form field `data`' },
    success: { status: 201, media: 'application/json' },
  },
  'DELETE /api/profile/photo': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'Delete the profile photo',
    success: noContent,
  },
  'GET /api/profile/card/pdf': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'The profile card as PDF',
    success: { status: 200, media: 'application/pdf' },
  },
  'GET /api/profile/photo/{id}': {
    tag: 'profile',
    auth: 'bearer',
    summary: 'A photo',
    success: { status: 200, media: 'image/jpeg' },
  },
  'GET /api/profile/photo/{id}/thumb': {
    tag: 'profile',
    auth: 'bearer',
    summary: "A photo's thumbnail",
    success: { status: 200, media: 'image/jpeg' },
  },

  'PUT /api/job': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Create a job',
    success: { status: 201, json: JobSchema },
  },
  'GET /api/jobs/list': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'The jobs the caller may see',
    query: JobListQuerySchema,
    success: ok(JobListResponseSchema),
  },
  'POST /api/job/preview': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'What-if: how many profiles an unsaved job would match',
    success: ok(PreviewResponseSchema),
  },
  'POST /api/job/changestatus/{uuid}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: "Change a job's status",
    success: ok(JobSchema),
  },
  'GET /api/job/showresults/{id}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: "A job's matching results (JSON, or CSV with format=csv)",
    query: ResultsQuerySchema,
    success: ok(ResultsResponseSchema),
  },
  'GET /api/job/showresultsdetail/{job}/{profile}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: "One result's breakdown",
    query: ResultsQuerySchema,
    success: ok(ResultDetailSchema),
  },
  'GET /api/job/{uuid}': { tag: 'jobs', auth: 'bearer', summary: 'A job', success: ok(JobSchema) },
  'POST /api/job/{uuid}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Update a job (409 on a version conflict)',
    success: ok(JobSchema),
  },
  'DELETE /api/job/{uuid}': { tag: 'jobs', auth: 'bearer', summary: 'Delete a job', success: noContent },
  'POST /api/job/{uuid}/run': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Start a matching run',
    success: { status: 202, json: RunAnswer },
  },
  'GET /api/job/{uuid}/run': {
    tag: 'jobs',
    auth: 'bearer',
    summary: "The job's latest run",
    success: ok(RunAnswer),
  },
  'GET /api/job/{uuid}/run/events': {
    tag: 'jobs',
    auth: 'bearer',
    summary: "The run's progress as server-sent events",
    success: { status: 200, media: 'text/event-stream' },
  },
  'GET /api/job/{uuid}/near-misses': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Profiles that failed one must criterion',
    success: ok(NearMissesResponseSchema),
  },
  'PUT /api/job/{uuid}/shortlist/{profile}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Shortlist a result',
    success: ok(ShortlistResponseSchema),
  },
  'DELETE /api/job/{uuid}/shortlist/{profile}': {
    tag: 'jobs',
    auth: 'bearer',
    summary: 'Remove a result from the shortlist',
    success: noContent,
  },

  'GET /api/profile/list': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'Agents: the candidate profiles, filtered, sorted and paged',
    query: ProfileListQuerySchema,
    success: ok(ProfileListResponseSchema),
  },
  'GET /api/company/list': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'Agents: the companies, filtered and paged',
    query: CompanyListQuerySchema,
    success: ok(CompanyListResponseSchema),
  },
  'GET /api/agent': {
    tag: 'agents',
    auth: 'bearer',
    summary: "The calling agent's own record",
    success: ok(AgentSelfSchema),
  },
  'PUT /api/agent': {
    tag: 'agents',
    auth: 'bearer',
    summary: "Save the calling agent's name and phone (409 agent.version_conflict on a version conflict)",
    success: ok(AgentSelfSchema),
  },
  'GET /api/agent/list': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'All agents with their assigned candidates, companies and active jobs',
    success: ok(AgentListResponseSchema),
  },
  'GET /api/agent/dashboard': {
    tag: 'agents',
    auth: 'bearer',
    summary: "The agent dashboard's counts and latest matching runs",
    success: ok(AgentDashboardSchema),
  },
  'GET /api/agent/profile/{uuid}': {
    tag: 'agents',
    auth: 'bearer',
    summary: "A candidate's profile with account, jobs and history (recorded in the access log)",
    success: ok(AgentProfileDetailSchema),
  },
  'GET /api/agent/profile/{uuid}/access-log': {
    tag: 'agents',
    auth: 'bearer',
    summary: "Senior agents: who read a candidate's profile or card",
    success: ok(AccessLogResponseSchema),
  },
  'POST /api/agent/profile/{uuid}/status': {
    tag: 'agents',
    auth: 'bearer',
    summary: "Switch a candidate's matching on or off",
    success: ok(AssignmentResultSchema),
  },
  'POST /api/agent/assign_profile': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'Assign a candidate to the caller, to another agent (senior agents) or to nobody',
    success: ok(AssignmentResultSchema),
  },
  'POST /api/agent/assign_company': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'Assign a company to the caller, to another agent (senior agents) or to nobody',
    success: ok(AssignmentResultSchema),
  },
  'POST /api/agent/luna_to_stella': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'Promote a luna profile to stella (409 profile.not_luna otherwise)',
    success: ok(AssignmentResultSchema),
  },
  'GET /api/agent/card/{uuid}/{format}': {
    tag: 'agents',
    auth: 'bearer',
    summary: "A candidate's card as PDF, format pdf or anonymous (recorded in the access log)",
    success: { status: 200, media: 'application/pdf' },
  },
  'GET /api/agent/company/{uuid}': {
    tag: 'agents',
    auth: 'bearer',
    summary: 'A company with its profile values and job requests',
    success: ok(CompanyDetailSchema),
  },

  'GET /api/dev/outbox': {
    tag: 'development',
    summary: 'Mails and SMS queued (not in production)',
    success: { status: 200, media: 'application/json' },
  },
};
