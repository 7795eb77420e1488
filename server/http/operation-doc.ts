import type { GenericSchema } from 'valibot';
import type { KnownErrorCode } from '../../contract/error-codes';
import { ErrorCode } from '../../contract/errors';
import type { LegalErrorCode } from '../../contract/legal';

/** A code an error answer can carry: every one is in contract/ (the client translates it). */
export type DocumentedCode = KnownErrorCode | (typeof LegalErrorCode)[keyof typeof LegalErrorCode];

/** The error answers of an operation beyond those its routes already show (server/http/openapi.ts adds those). */
export type ErrorDocs = Partial<Record<400 | 401 | 403 | 404 | 409 | 429, readonly DocumentedCode[]>>;

/**
 * What the API reference says about one operation beyond what the route itself carries. Request
 * bodies, query parameters, security and the answers that follow from them (400 of a validated
 * body or query, 401 of the auth middleware, 413 of a body) come from the route's own middleware.
 */
export interface OperationDoc {
  summary: string;
  tag: Tag;
  /** The success answer: status and body (a JSON schema, a media type, or none). */
  success?: Success;
  /** Other success answers: another status (an entry that was in already), another media type (CSV). */
  alsoSuccess?: readonly Success[];
  /** The codes the handler and its domain module answer with. */
  errors?: ErrorDocs;
  /** A 409 that carries more than the error body: the version conflict with `current`. */
  conflict?: GenericSchema;
  /**
   * Path parameters the handler checks itself, by name, beyond those named as uuids (PATH_UUIDS in
   * server/http/openapi.ts): a card's format, a timeline's subject.
   */
  path?: Record<string, GenericSchema>;
  /** A query the handler parses itself (the legal text: exactly one language, after the 404). */
  query?: GenericSchema;
  /** A request body the handler reads itself rather than through `jsonBody` (the photo upload). */
  rawBody?: { media: string; description: string };
  description?: string;
}

/** One success answer of an operation. */
export interface Success {
  status: number;
  json?: GenericSchema;
  media?: string;
  description?: string;
}

/** The reference's sections, in reading order, with what each holds. */
export const TAGS = {
  session:
    'Log in (with an SMS code when protected), refresh and end a session; the public keys of the tokens',
  account: 'Registration, e-mail validation, SMS protection, password reset and the account settings',
  legal: 'The legal texts and which versions the user accepted',
  profile: "The caller's own profile or company profile, its photo and card",
  catalogue: 'The fields of profiles, companies and jobs, and the city search',
  jobs: 'Jobs, their matching runs, results and shortlists (agents; a company its own requests)',
  clients: "Clients: a company's contacts (agents; a company its own) and the client search of the job form",
  pipeline:
    "A job's pipeline: candidates moved through the stages, bulk moves, follow-ups (agents); the candidates sent to a company and its answer (companies)",
  agents: 'The agent workspace: candidates, companies, assignments and the dashboard (agents only)',
  system: 'Health and this reference',
  development: 'Helpers of development and test servers (not in production)',
} as const;
export type Tag = keyof typeof TAGS;

export const ok = (json: GenericSchema) => ({ status: 200, json });
export const created = (json: GenericSchema) => ({ status: 201, json });
export const media = (type: string) => ({ status: 200, media: type });
export const noContent = { status: 204 };

type Extra = Pick<OperationDoc, 'conflict' | 'query' | 'rawBody' | 'description' | 'path' | 'alsoSuccess'>;

/** The operations of one section of the reference. */
export function section(
  tag: Tag,
  operations: Record<string, Omit<OperationDoc, 'tag'>>,
): Record<string, OperationDoc> {
  return Object.fromEntries(Object.entries(operations).map(([key, doc]) => [key, { ...doc, tag }]));
}

/** One operation: its summary, success answer, own error codes and what else the route cannot show. */
export const op = (
  summary: string,
  success?: OperationDoc['success'],
  errors?: ErrorDocs,
  extra: Extra = {},
) => ({
  summary,
  ...(success ? { success } : {}),
  ...(errors ? { errors } : {}),
  ...extra,
});

/**
 * What a JSON Schema cannot say of the bodies with `values` (profiles, companies, jobs): they are
 * checked against the field catalogue, which the reference points to rather than copies.
 */
export const CATALOGUE_RULE =
  "`values` (and a job's `criteria`) are checked against the field catalogue of the record's kind (GET /api/profile/data, /api/company/data, /api/job/data): a key the catalogue lacks, a required field missing, a value of another type or beyond its field's limits, options or pattern answer 400 `request.invalid` with the field's code in `fields` (contract/field-errors.ts).";

/** A caller whose role may not make the call: 403 (server/auth/caller.ts). */
export const forbidden = [ErrorCode.forbidden] as const;
/** The agents' workspace: 403 for every account that is no agent. */
export const agentsOnly = { 403: forbidden } as const;
/** An agents' call on a uuid: a malformed one is uuid.invalid. */
export const agentUuid = { 400: ['uuid.invalid'], 403: forbidden } as const;
/** An agents' call on a candidate. */
export const candidate = { ...agentUuid, 404: ['profile.not_found'] } as const;
/** The job calls: agents only (server/auth/caller.ts), an unknown or malformed uuid is job.not_found. */
export const agentJob = { 403: forbidden, 404: ['job.not_found'] } as const;
