import {
  ClientSearchResponseSchema,
  ContactConflictSchema,
  ContactListSchema,
  ContactSchema,
} from '../../../contract/client';
import {
  agentsOnly,
  created,
  forbidden,
  noContent,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

/** A company's contacts: candidates 403, another company's or an unknown one 404. */
const contactsOf = { 403: forbidden, 404: ['company.not_found'] } as const;
const contactOne = { 403: forbidden, 404: ['company.not_found', 'contact.not_found'] } as const;

/** What a schema cannot say of a contact's body: a last name, or the deprecated `name` in one piece. */
const NAME_RULE =
  'A contact needs `lastName`, or the deprecated `name` in one piece (split as migration 0035 split the stored ones: a leading "Dr."/"Prof." is the title, the last word the last name); else 400 `request.invalid`, `fields.lastName`: `field.required`. `salutation` (ms, mr, none), `title`, `firstName` and `lastName` give the mail its formal salutation; `name` in the answer is the whole name as it reads.';

/** Clients and their contacts. */
export const CLIENT_OPERATIONS: Record<string, OperationDoc> = {
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
      { description: NAME_RULE },
    ),
    'POST /api/company/{uuid}/contacts/{contact}': op(
      'Update a contact, or make it the default (409 on a version conflict)',
      ok(ContactSchema),
      { ...contactOne, 400: ['contact.default_required'], 409: ['contact.version_conflict'] },
      { conflict: ContactConflictSchema, description: NAME_RULE },
    ),
    'POST /api/company/{uuid}/contacts/{contact}/invite': op(
      "Invite a contact to its own login, which sees what the company sees (agents; the company's main login)",
      ok(ContactSchema),
      {
        ...contactOne,
        403: [...forbidden, 'company.main_login_only'],
        409: ['contact.no_email', 'invitation.has_account', 'contact.email_has_account'],
      },
    ),
    'DELETE /api/company/{uuid}/contacts/{contact}': op(
      'Remove a contact (the oldest one left becomes the default)',
      noContent,
      contactOne,
    ),
  }),
};
