import * as v from 'valibot';
import { FieldError, strictObject } from './field-errors';
import { LEGAL_TEXTS, type LegalText } from './legal-names';

export { LEGAL_TEXTS, type LegalText };

/** The languages every legal text exists in. */
export const LEGAL_LANGUAGES = ['de', 'en'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

/*
 * Legal texts and their acceptance (PRODUCT.md §6). Each text is a versioned Markdown file an
 * operator edits (server/legal/texts/{name}/{version}.{de,en}.md); the newest version is in force.
 *
 * GET  /api/public/text                     → 200 LegalIndex: every text with its current version.
 * GET  /api/public/text/{name}?language=de|en
 *                                           → 200 LegalTextResponse; 404 legal.unknown_text;
 *                                             400 language.unsupported (missing or other language).
 * GET  /api/user/consents                   bearer → 200 ConsentsResponse: per text the current and the
 *                                             accepted version; `mustAccept` when a required text's
 *                                             acceptance is missing or older than the current version.
 * POST /api/user/accept                     AcceptRequestSchema, bearer → 200 ConsentsResponse;
 *                                             409 legal.version_outdated when `version` is not the
 *                                             current one (the text changed while the user read it).
 */

export const LegalTextNameSchema = v.picklist(LEGAL_TEXTS, 'legal.unknown_text');
export const LegalLanguageSchema = v.picklist(LEGAL_LANGUAGES, 'language.unsupported');

/** The query of GET /api/public/text/{name}. */
export const LegalTextQuerySchema = v.object({ language: LegalLanguageSchema });

export const LegalTextResponseSchema = v.object({
  name: LegalTextNameSchema,
  /** The version in force (an ISO date, e.g. 2026-11-01); stored with each acceptance. */
  version: v.string(),
  language: LegalLanguageSchema,
  /** The text as the operator wrote it, with the agency's particulars filled in. */
  markdown: v.string(),
  /** The same text rendered on the server (marked); raw HTML in the file is escaped, unsafe links dropped. */
  html: v.string(),
  /** Whether registration makes people accept this text (and a new version asks them again). */
  requiresAcceptance: v.boolean(),
});
export type LegalTextResponse = v.InferOutput<typeof LegalTextResponseSchema>;

export const LegalIndexSchema = v.object({
  texts: v.array(
    v.object({
      name: LegalTextNameSchema,
      version: v.string(),
      requiresAcceptance: v.boolean(),
    }),
  ),
});
export type LegalIndex = v.InferOutput<typeof LegalIndexSchema>;

export const AcceptRequestSchema = strictObject(
  {
    name: LegalTextNameSchema,
    version: v.pipe(
      v.string('legal.version_required'),
      v.nonEmpty('legal.version_required'),
      v.maxLength(64, 'legal.version_required'),
    ),
  },
  // A missing key is reported on that key; a body that is no object as a whole.
  FieldError.required,
);
export type AcceptRequest = v.InferOutput<typeof AcceptRequestSchema>;

export const ConsentSchema = v.object({
  name: LegalTextNameSchema,
  currentVersion: v.string(),
  acceptedVersion: v.nullable(v.string()),
  /** ISO timestamp of the acceptance, null when never accepted. */
  acceptedAt: v.nullable(v.string()),
  requiresAcceptance: v.boolean(),
  /** Accepted before, but an older version than the one in force. */
  outdated: v.boolean(),
});
export type Consent = v.InferOutput<typeof ConsentSchema>;

export const ConsentsResponseSchema = v.object({
  consents: v.array(ConsentSchema),
  /** A required text is not accepted in its current version: the client asks the user again. */
  mustAccept: v.boolean(),
});
export type ConsentsResponse = v.InferOutput<typeof ConsentsResponseSchema>;

/**
 * GET /api/public/agency → 200: the agency running this Matchwerk, from the same AGENCY_* settings the
 * legal texts are filled from, so the about page names the company the Impressum names.
 */
export const AgencySchema = v.object({
  name: v.string(),
  address: v.string(),
  email: v.string(),
  phone: v.string(),
  representative: v.string(),
});
export type Agency = v.InferOutput<typeof AgencySchema>;

export const LegalErrorCode = {
  unknownText: 'legal.unknown_text',
  versionOutdated: 'legal.version_outdated',
} as const;
