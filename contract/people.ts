import * as v from 'valibot';
import { PasswordSchema, REQUIRED_ACCEPTANCES } from './account';
import type { FieldDefinition } from './catalog';
import { strictObject } from './field-errors';
import { EmailSchema } from './session';
import { CANDIDATE_TYPES } from './user-types';

/**
 * Agents create and edit people, and invite them (issue 20, PRODUCT.md §10). A candidate or company
 * an agent creates has no account until the person accepts an invitation: a one-time link (7 days)
 * where they set a password and accept the terms; the account is then a normal one whose e-mail the
 * link validated. Agents' calls answer 401 signed out and 403 for everyone who is no agent.
 *
 * PUT  /api/agent/profile                    AgentProfileCreateSchema → 201 ProfileResponse
 * POST /api/agent/profile/{uuid}             ProfileUpdateSchema → ProfileResponse; 409 profile.version_conflict
 * POST /api/agent/profile/{uuid}/invite      InviteBodySchema → InvitationSchema; 409 invitation.has_account | email.taken
 * PUT  /api/agent/company                    AgentCompanyCreateSchema → 201 ProfileResponse
 * POST /api/agent/company/{uuid}             ProfileUpdateSchema → ProfileResponse; 409 profile.version_conflict
 * POST /api/agent/company/{uuid}/invite      InviteBodySchema → InvitationSchema
 * GET  /api/public/invitation/{token}        → InvitationInfoSchema; 404 invitation.not_found,
 *                                            409 invitation.used | invitation.expired
 * POST /api/public/invitation/{token}        InvitationAcceptSchema → 201 TokenPair (signed in); the
 *                                            codes of the GET, 409 email.taken, 400 password.* codes
 */

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/**
 * The contact e-mail of a record without an account: not a catalogue field (an account's e-mail is
 * its login), but shown in the agents' forms as one, under this key of `values`.
 */
export const CONTACT_EMAIL_KEY = 'contact_email';

/** The contact e-mail as a form field, on the first tab of the record's form. */
export function contactEmailField(tab: string, forTypes: string[]): FieldDefinition {
  return {
    key: CONTACT_EMAIL_KEY,
    type: 'text',
    label: { de: 'E-Mail-Adresse (für die Einladung)', en: 'E-mail address (for the invitation)' },
    tab,
    required: false,
    for: forTypes,
    maxLength: 254,
  };
}

/** A contact e-mail as the server stores it: a valid address, or nothing. */
export const ContactEmailSchema = v.nullable(EmailSchema);

const LanguageSchema = v.picklist(['de', 'en'], 'language.unsupported');

export const AgentProfileCreateSchema = strictObject({
  type: v.picklist(CANDIDATE_TYPES, 'type.invalid'),
  values: v.record(v.string(), v.unknown()),
});
export type AgentProfileCreate = v.InferOutput<typeof AgentProfileCreateSchema>;

export const AgentCompanyCreateSchema = strictObject({ values: v.record(v.string(), v.unknown()) });
export type AgentCompanyCreate = v.InferOutput<typeof AgentCompanyCreateSchema>;

/** The address left out: the record's contact e-mail. The mail goes out in `language`. */
export const InviteBodySchema = strictObject({
  email: v.optional(EmailSchema),
  language: LanguageSchema,
});
export type InviteBody = v.InferOutput<typeof InviteBodySchema>;

export const INVITATION_STATES = ['open', 'expired', 'accepted'] as const;

/** The latest invitation to a record, as agents see it. */
export const InvitationSchema = v.object({
  email: v.string(),
  language: v.picklist(['de', 'en']),
  createdAt: v.string(),
  expiresAt: v.string(),
  state: v.picklist(INVITATION_STATES),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

/** What the invitation page shows before the person sets a password. */
export const InvitationInfoSchema = v.object({
  /** `contact`: a company's contact gets its own login to the company's workspace (decision 0031). */
  kind: v.picklist(['profile', 'company', 'contact']),
  email: v.string(),
  /** The person's or the company's name as the agent entered it (a contact's: its company's). */
  name: v.string(),
  language: v.picklist(['de', 'en']),
  expiresAt: v.string(),
});
export type InvitationInfo = v.InferOutput<typeof InvitationInfoSchema>;

export const InvitationAcceptSchema = strictObject({
  password: PasswordSchema,
  language: LanguageSchema,
  accepted: v.pipe(
    v.array(v.string('accepted.missing'), 'accepted.missing'),
    v.check((list) => REQUIRED_ACCEPTANCES.every((name) => list.includes(name)), 'accepted.missing'),
    // The reference's form of the check: the list contains each required text.
    v.metadata({ allOf: REQUIRED_ACCEPTANCES.map((name) => ({ contains: { const: name } })) }),
  ),
});
export type InvitationAccept = v.InferInput<typeof InvitationAcceptSchema>;

export const PEOPLE_ERROR_CODES = [
  'type.invalid',
  /** No such link, or a newer invitation replaced it. */
  'invitation.not_found',
  /** The link was used already (the profile has its account). */
  'invitation.used',
  /** The link is older than 7 days. */
  'invitation.expired',
  /** An invitation to a record that has its account already. */
  'invitation.has_account',
  /** No address given and none kept with the record. */
  'invitation.email_missing',
] as const;
