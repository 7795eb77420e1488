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
 *                                                its own, others 404; candidates 403); `canInvite`
 *                                                says whether the caller may invite them
 * PUT    /api/company/{uuid}/contacts            ContactInputSchema → 201 ContactSchema (the first
 *                                                contact is the default)
 * POST   /api/company/{uuid}/contacts/{contact}  ContactUpdateSchema → ContactSchema; 409
 *                                                contact.version_conflict (with `current`); 400
 *                                                contact.default_required (the default cannot stop being it:
 *                                                make another one the default)
 * POST   /api/company/{uuid}/contacts/{contact}/invite → ContactSchema: mails the contact a link to its
 *                                                own login (agents; the company's main login); 409
 *                                                contact.no_email | invitation.has_account |
 *                                                contact.email_has_account
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
  /** A salutation other than ms, mr or none. */
  'contact.salutation_unknown',
  /** A contact's login tried what only the company's main login may (decision 0031). */
  'company.main_login_only',
  /** A contact's invitation to an address that has an account already (one account per address). */
  'contact.email_has_account',
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

/** How a contact is saluted (issue 42): Frau / Ms, Herr / Mr, or neutrally by the whole name. */
/** A contact's login (issue 42): none yet, invited (an open link), active (an account). */
export const CONTACT_LOGIN_STATES = ['none', 'invited', 'active'] as const;
export type ContactLogin = (typeof CONTACT_LOGIN_STATES)[number];
export const CONTACT_SALUTATIONS = ['ms', 'mr', 'none'] as const;
export type ContactSalutation = (typeof CONTACT_SALUTATIONS)[number];

/** Academic titles that lead a name written in one piece ("Dr. Anna Krüger"). */
const LEADING_TITLE = /^((?:(?:Prof|Dr)\.\s*)+)/;

/**
 * A name in one piece split into parts, as migration 0035 split the existing contacts: a leading
 * "Dr." / "Prof." is the title, the last word the last name, the rest the first name.
 */
export function splitContactName(name: string): { title: string; firstName: string; lastName: string } {
  const whole = name.trim();
  const title = (LEADING_TITLE.exec(whole)?.[1] ?? '').trim();
  const rest = whole.replace(LEADING_TITLE, '');
  const lastName = /(\S+)$/.exec(rest)?.[1] ?? '';
  return { title, firstName: rest.replace(/\S+$/, '').trim(), lastName };
}

/** The whole name as it reads (lists, timelines, the mail's recipient): title, first and last name. */
export const contactFullName = (c: { title: string; firstName: string; lastName: string }) =>
  [c.title, c.firstName, c.lastName].filter(Boolean).join(' ');

/**
 * A contact as it is sent: an empty e-mail or phone is none. The name comes in parts (salutation,
 * title, first and last name: the mail's formal salutation needs them); a client that still sends
 * `name` in one piece (before issue 42) gets it split by `splitContactName` when no last name is sent.
 */
const ContactFields = {
  salutation: v.optional(v.picklist(CONTACT_SALUTATIONS, 'contact.salutation_unknown'), 'none'),
  title: v.optional(PlainText(30), ''),
  firstName: v.optional(PlainText(100), ''),
  lastName: v.optional(PlainText(100), ''),
  /** Deprecated: the whole name in one piece, split when `lastName` is not sent. */
  name: v.optional(PlainText(200)),
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
};

/** A last name, or the deprecated whole name that has one. */
const hasLastName = (input: { lastName: string; name?: string | undefined }) =>
  input.lastName !== '' || splitContactName(input.name ?? '').lastName !== '';
const fromParts = <T extends { lastName: string; name?: string | undefined }>({ name, ...input }: T) =>
  input.lastName === '' && name ? { ...input, ...splitContactName(name) } : input;

export const ContactInputSchema = v.pipe(
  strictObject(ContactFields),
  // A partial check: the last name is asked for even while another field is wrong.
  v.forward(v.partialCheck([['lastName'], ['name']], hasLastName, FieldError.required), ['lastName']),
  v.transform(fromParts),
);
export type ContactInput = v.InferInput<typeof ContactInputSchema>;
export type ContactValues = v.InferOutput<typeof ContactInputSchema>;

export const ContactUpdateSchema = v.pipe(
  strictObject(
    {
      ...ContactFields,
      version: v.pipe(
        v.number('version.required'),
        v.integer('version.required'),
        v.minValue(0, 'version.required'),
        v.maxValue(MAX_INT32, FieldError.tooLarge),
      ),
    },
    'version.required',
  ),
  v.forward(v.partialCheck([['lastName'], ['name']], hasLastName, FieldError.required), ['lastName']),
  v.transform(fromParts),
);
export type ContactUpdate = v.InferInput<typeof ContactUpdateSchema>;
export type ContactUpdateValues = v.InferOutput<typeof ContactUpdateSchema>;

export const ContactSchema = v.object({
  uuid: v.string(),
  companyUuid: v.string(),
  /** The whole name as it reads (`contactFullName`). */
  name: v.string(),
  salutation: v.picklist(CONTACT_SALUTATIONS),
  title: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  role: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  language: v.picklist(CONTACT_LANGUAGES),
  isDefault: v.boolean(),
  /** The contact's own login (decision 0031): none, invited (a live link) or active; absent: none. */
  login: v.optional(v.picklist(CONTACT_LOGIN_STATES)),
  version: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

/**
 * A company's contacts, the default first, then by creation, and whether the caller may invite them
 * to sign in: agents and the company's main login may, a contact's login may not (decision 0031).
 */
export const ContactListSchema = v.object({ items: v.array(ContactSchema), canInvite: v.boolean() });
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
