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
};
