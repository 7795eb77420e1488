import {
  ClientSearchQuerySchema,
  ClientSearchResponseSchema,
  ContactConflictSchema,
  ContactInputSchema,
  ContactListSchema,
  ContactSchema,
  ContactUpdateSchema,
} from '../client';
import { type ApiRoute, ID, idOf, route } from '../route-table';

/** A company's contacts: candidates 403, another company's or an unknown one 404. */
const contactsOf = { 403: ['auth.forbidden'], 404: ['company.not_found'] } as const;
const contactOne = { 403: ['auth.forbidden'], 404: ['company.not_found', 'contact.not_found'] } as const;
const contactParams = { uuid: ID, contact: idOf('contact.not_found') } as const;

/** What a schema cannot say of a contact's body: a last name, or the deprecated `name` in one piece. */
const NAME_RULE =
  'A contact needs `lastName`, or the deprecated `name` in one piece (split as migration 0035 split the stored ones: a leading "Dr."/"Prof." is the title, the last word the last name); else 400 `request.invalid`, `fields.lastName`: `field.required`. `salutation` (ms, mr, none), `title`, `firstName` and `lastName` give the mail its formal salutation; `name` in the answer is the whole name as it reads.';

/** Who may, of a company's contacts: agents for any company, a company for its own record (server/clients/). */
const OWN_OR_AGENT = "Agents: any company's; a company: its own.";

/** Clients and their contacts. */
export const CLIENTS = {
  search: route({
    method: 'GET',
    path: '/api/clients/search',
    query: ClientSearchQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: ClientSearchResponseSchema },
    who: 'agent',
    tag: 'clients',
    summary: 'Agents: the companies a job may name as its client, as typed',
  }),
  contacts: route({
    method: 'GET',
    path: '/api/company/{uuid}/contacts',
    params: { uuid: ID },
    answer: { status: 200, json: ContactListSchema },
    errors: contactsOf,
    who: 'signedIn',
    tag: 'clients',
    summary: "A company's contacts, the default first (agents: any company; a company: its own)",
    description: OWN_OR_AGENT,
  }),
  createContact: route({
    method: 'PUT',
    path: '/api/company/{uuid}/contacts',
    invalidates: (): readonly ApiRoute[] => [CLIENTS.contacts],
    params: { uuid: ID },
    body: ContactInputSchema,
    answer: { status: 201, json: ContactSchema },
    errors: contactsOf,
    who: 'signedIn',
    tag: 'clients',
    summary: 'Add a contact (the first one is the default)',
    description: `${OWN_OR_AGENT} ${NAME_RULE}`,
  }),
  updateContact: route({
    method: 'POST',
    path: '/api/company/{uuid}/contacts/{contact}',
    invalidates: (): readonly ApiRoute[] => [CLIENTS.contacts],
    params: contactParams,
    body: ContactUpdateSchema,
    answer: { status: 200, json: ContactSchema },
    errors: { ...contactOne, 400: ['contact.default_required'], 409: ['contact.version_conflict'] },
    conflict: ContactConflictSchema,
    who: 'signedIn',
    tag: 'clients',
    summary: 'Update a contact, or make it the default (409 on a version conflict)',
    description: `${OWN_OR_AGENT} ${NAME_RULE}`,
  }),
  inviteContact: route({
    method: 'POST',
    path: '/api/company/{uuid}/contacts/{contact}/invite',
    invalidates: (): readonly ApiRoute[] => [CLIENTS.contacts],
    params: contactParams,
    answer: { status: 200, json: ContactSchema },
    errors: {
      ...contactOne,
      403: ['auth.forbidden', 'company.main_login_only'],
      409: ['contact.no_email', 'invitation.has_account', 'contact.email_has_account'],
    },
    who: 'signedIn',
    tag: 'clients',
    summary:
      "Invite a contact to its own login, which sees what the company sees (agents; the company's main login)",
  }),
  deleteContact: route({
    method: 'DELETE',
    path: '/api/company/{uuid}/contacts/{contact}',
    invalidates: (): readonly ApiRoute[] => [CLIENTS.contacts],
    params: contactParams,
    answer: { status: 204 },
    errors: contactOne,
    who: 'signedIn',
    tag: 'clients',
    summary: 'Remove a contact (the oldest one left becomes the default)',
    description: OWN_OR_AGENT,
  }),
} as const;
