import * as v from 'valibot';
import {
  type ClientHit,
  ClientSearchResponseSchema,
  type Contact,
  type ContactInput,
  type ContactList,
  ContactListSchema,
  ContactSchema,
  type ContactUpdate,
} from '../../contract/client';
import type { ApiClient } from './client';

// Clients and their contacts (contract/client.ts).

const contactsPath = (company: string) => `/api/company/${encodeURIComponent(company)}/contacts`;

/** GET /api/clients/search: the companies a job may name as its client (agents). */
export async function searchClients(api: ApiClient, q: string, signal?: AbortSignal): Promise<ClientHit[]> {
  return v.parse(ClientSearchResponseSchema, await api.call('/api/clients/search', { query: { q }, signal }))
    .items;
}

/** GET /api/company/{uuid}/contacts: the default first. */
export async function listContacts(api: ApiClient, company: string): Promise<ContactList> {
  return v.parse(ContactListSchema, await api.call(contactsPath(company)));
}

/** PUT /api/company/{uuid}/contacts → the new contact. */
export async function createContact(api: ApiClient, company: string, body: ContactInput): Promise<Contact> {
  return v.parse(ContactSchema, await api.call(contactsPath(company), { method: 'PUT', body }));
}

/** POST /api/company/{uuid}/contacts/{contact}; a stale version is an ApiError 409 contact.version_conflict. */
export async function updateContact(
  api: ApiClient,
  company: string,
  contact: string,
  body: ContactUpdate,
): Promise<Contact> {
  return v.parse(
    ContactSchema,
    await api.call(`${contactsPath(company)}/${encodeURIComponent(contact)}`, { method: 'POST', body }),
  );
}

/** DELETE /api/company/{uuid}/contacts/{contact}. */
export async function deleteContact(api: ApiClient, company: string, contact: string): Promise<void> {
  await api.call(`${contactsPath(company)}/${encodeURIComponent(contact)}`, { method: 'DELETE' });
}

/** POST /api/company/{uuid}/contacts/{contact}/invite: mails the contact a link to its own login (again). */
export async function inviteContact(api: ApiClient, company: string, contact: string): Promise<Contact> {
  return v.parse(
    ContactSchema,
    await api.call(`${contactsPath(company)}/${encodeURIComponent(contact)}/invite`, { method: 'POST' }),
  );
}
