import * as v from 'valibot';
import {
  type AgentAttention,
  AgentAttentionSchema,
  type AnswerSeen,
  AnswerSeenSchema,
  type AttentionList,
  AttentionListSchema,
} from '../../contract/attention';
import type { AttentionKind } from '../../contract/attention-search';
import type { ApiClient } from './client';

// What needs the agent's attention (contract/attention.ts): the dashboard's counts and two lists.

/** GET /api/agent/attention: the counts, follow-ups due by `today` (the user's calendar day). */
export async function fetchAttention(api: ApiClient, today: string): Promise<AgentAttention> {
  return v.parse(AgentAttentionSchema, await api.call('/api/agent/attention', { query: { today } }));
}

/** GET /api/pipeline/attention?kind=: company answers not seen, or submissions waiting for an answer. */
export async function fetchAttentionList(api: ApiClient, kind: AttentionKind): Promise<AttentionList> {
  return v.parse(AttentionListSchema, await api.call('/api/pipeline/attention', { query: { kind } }));
}

/** POST /api/pipeline/{entry}/answer-seen. */
export async function markAnswerSeen(api: ApiClient, entry: string): Promise<AnswerSeen> {
  return v.parse(
    AnswerSeenSchema,
    await api.call(`/api/pipeline/${encodeURIComponent(entry)}/answer-seen`, { method: 'POST' }),
  );
}
