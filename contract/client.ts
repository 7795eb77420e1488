import * as v from 'valibot';
import { UuidSchema } from './agent';
import { versionConflictSchema } from './errors';
import { FieldError, strictObject } from './field-errors';
import { MAX_INT32 } from './profile';
import { queryInt } from './query';
import { EmailSchema } from './session';

/**
 * Clients and their contacts (PRODUCT.md §10 "Clients"). A job's client is a company of the companies
 * table, chosen by its uuid (or none: an internal search); a company has contacts, one of them the
 * default recipient whenever it has any. All calls need a bearer token.
 *
 * GET    /api/company/{uuid}/contacts            → ContactListSchema (agents: any company; a company:
 *                                                its own, others 404; candidates 403)
 * PUT    /api/company/{uuid}/contacts            ContactInputSchema → 201 ContactSchema (the first
 *                                                contact is the default)
 * POST   /api/company/{uuid}/contacts/{contact}  ContactUpdateSchema → ContactSchema; 409
 *                                                contact.version_conflict (with `current`); 400
 *                                                contact.default_required (the default cannot stop being it:
 *                                                make another one the default)
 * DELETE /api/company/{uuid}/contacts/{contact}  → 204; the oldest contact left becomes the default
 * GET    /api/clients/search                     ClientSearchQuerySchema → ClientSearchResponseSchema
 *                                                (agents): companies by name, city or website, as typed
 * POST   /api/job/{uuid}/take                    → JobSchema (agents): the caller works on the job; 409
 *                                                job.taken when another agent already does
 */

export const CONTACT_ERROR_CODES = [
  'contact.not_found',
  'contact.version_conflict',
  /** The default contact was asked to stop being it: another one has to become the default. */
  'contact.default_required',
  /** A job names a client that is no company of the table. */
  'client.not_found',
  /** A company named a client: its requests are always its own. */
  'client.agent_only',
  /** A company's request names another client: a request is for the company that filed it. */
  'client.request_fixed',
  /** Another agent already works on the job. */
  'job.taken',
] as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number];

/** Bidi overrides and other control characters make a name read as something else (PRODUCT.md §8). */
// Cc's ranges spelled out, without flags: the API reference carries the regex as the field's pattern.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const PLAIN = /^[^\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/;

const PlainText = (max: number) =>
  v.pipe(
    v.string(FieldError.invalidType),
    v.trim(),
    v.maxLength(max, FieldError.tooLong),
    // A regex (Cc's ranges spelled out), so that the API reference carries it as a pattern.
    v.regex(PLAIN, FieldError.invalidText),
  );

export const CONTACT_LANGUAGES = ['de', 'en'] as const;

/** A contact as it is sent: an empty e-mail or phone is none. */
export const ContactInputSchema = strictObject({
  name: v.pipe(PlainText(200), v.minLength(1, FieldError.required)),
  role: v.optional(PlainText(100), ''),
  email: v.optional(v.nullable(EmailSchema), null),
  phone: v.optional(
    v.nullable(
      v.pipe(v.string(FieldError.invalidType), v.trim(), v.regex(/^\+?[0-9 ()/-]{3,30}$/, 'phone.invalid')),
    ),
    null,
  ),
  language: v.optional(v.picklist(CONTACT_LANGUAGES, 'language.unsupported'), 'de'),
  /** true: this contact becomes the default recipient (the previous default stops being it). */
  isDefault: v.optional(v.boolean(FieldError.invalidType)),
});
export type ContactInput = v.InferInput<typeof ContactInputSchema>;
export type ContactValues = v.InferOutput<typeof ContactInputSchema>;

export const ContactUpdateSchema = strictObject(
  {
    ...ContactInputSchema.entries,
    version: v.pipe(
      v.number('version.required'),
      v.integer('version.required'),
      v.minValue(0, 'version.required'),
      v.maxValue(MAX_INT32, FieldError.tooLarge),
    ),
  },
  'version.required',
);
export type ContactUpdate = v.InferInput<typeof ContactUpdateSchema>;

export const ContactSchema = v.object({
  uuid: v.string(),
  companyUuid: v.string(),
  name: v.string(),
  role: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  language: v.picklist(CONTACT_LANGUAGES),
  isDefault: v.boolean(),
  version: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

/** A company's contacts, the default first, then by creation. */
export const ContactListSchema = v.object({ items: v.array(ContactSchema) });
export type ContactList = v.InferOutput<typeof ContactListSchema>;

export const ContactConflictSchema = versionConflictSchema('contact.version_conflict', ContactSchema);

/** A job's client as the job answers it: the company's uuid and name. */
export const ClientRefSchema = v.object({ uuid: v.string(), name: v.string() });
export type ClientRef = v.InferOutput<typeof ClientRefSchema>;

/** A job names its client by the company's uuid; null (or left out) is an internal search. */
export const ClientFieldSchema = v.optional(v.nullable(UuidSchema), null);

export const CLIENT_SEARCH_LIMIT = 10;
export const ClientSearchQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, FieldError.tooLong)), ''),
  limit: queryInt(1, 50, CLIENT_SEARCH_LIMIT),
});
export type ClientSearchQuery = v.InferOutput<typeof ClientSearchQuerySchema>;

export const ClientHitSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  city: v.nullable(v.string()),
});
export type ClientHit = v.InferOutput<typeof ClientHitSchema>;
export const ClientSearchResponseSchema = v.object({ items: v.array(ClientHitSchema) });
export type ClientSearchResponse = v.InferOutput<typeof ClientSearchResponseSchema>;
