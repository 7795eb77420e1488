import * as v from 'valibot';
import { CatalogFieldsSchema, type FieldDefinition } from '../../contract/catalog';
import type { CandidateType } from '../../contract/user-types';
import type { ApiClient } from './client';

// The agents' candidate calls are in the route table (contract/endpoints/agents.ts `CANDIDATES`).

/** GET /api/profile/data?type=…: a candidate type's profile fields (an agent's own catalogue has only names). */
export async function fetchCandidateFields(api: ApiClient, type: CandidateType): Promise<FieldDefinition[]> {
  return v.parse(CatalogFieldsSchema, await api.call('/api/profile/data', { query: { type } }));
}
