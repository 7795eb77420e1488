import * as v from 'valibot';
import { ATTENTION_KINDS } from './attention-search';
import { PIPELINE_STAGES, PipelineDateSchema } from './pipeline';

/**
 * What needs the agent's attention (PRODUCT.md §10 "The agent's day", issue 21 point 7): counts only,
 * so the dashboard's first answer stays small; each count links to the list that shows its rows.
 *
 * The rules (docs/architecture.md, "The agent's attention"; the same conditions filter the lists the counts link to):
 * - followUps: follow-ups due on the client's `today` or before (GET /api/pipeline/follow-ups);
 * - answers: company answers on the caller's jobs the agent has not seen (`answer_seen_at` null);
 * - unanswered: entries still `submitted`, sent to the client more than `UNANSWERED_DAYS` days ago and
 *   not answered, on the caller's jobs;
 * - staleRuns: the caller's active jobs whose criteria changed after their latest done run started;
 * - requestsWithoutAgent: active company requests nobody has taken (any agent may take one);
 * - toVet: lunas, novas and companies who registered themselves in the last `TO_VET_DAYS` days and no
 *   agent has looked after yet (none assigned, nothing on their timeline written by an agent); a
 *   stella is vetted by definition (only an agent makes one).
 * "The caller's jobs": active jobs assigned to the caller, or created by them when nobody is assigned.
 *
 * Calls (agents only; candidates and companies 403, anonymous 401):
 * GET  /api/agent/attention?today=YYYY-MM-DD       → AgentAttentionSchema
 * GET  /api/pipeline/attention?kind=answers|unanswered → AttentionListSchema
 * POST /api/pipeline/{entry}/answer-seen           → AnswerSeenSchema (idempotent; 404 unknown entry)
 */

/** A submission without the client's answer for this many days needs a reminder. */
export const UNANSWERED_DAYS = 5;
/** A self-registration is "new" for this many days. */
export const TO_VET_DAYS = 14;

export const AttentionQuerySchema = v.object({ today: v.optional(PipelineDateSchema) });

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const AgentAttentionSchema = v.object({
  followUps: count,
  answers: count,
  unanswered: count,
  staleRuns: count,
  requestsWithoutAgent: count,
  /** New registrations to vet, per type (each its own table); a stella is vetted by definition. */
  toVet: v.object({ luna: count, nova: count, company: count }),
});
export type AgentAttention = v.InferOutput<typeof AgentAttentionSchema>;

export const AttentionListQuerySchema = v.object({
  kind: v.picklist(ATTENTION_KINDS, 'query.invalid'),
});

export const AttentionItemSchema = v.object({
  /** The pipeline entry. */
  uuid: v.string(),
  job: v.object({ uuid: v.string(), title: v.string() }),
  profile: v.object({ uuid: v.string(), type: v.string(), name: v.string() }),
  stage: v.picklist(PIPELINE_STAGES),
  submittedAt: v.nullable(v.string()),
  answer: v.nullable(v.picklist(['interested', 'not_interested'])),
  comment: v.nullable(v.string()),
  answeredAt: v.nullable(v.string()),
  answerSeenAt: v.nullable(v.string()),
});
export type AttentionItem = v.InferOutput<typeof AttentionItemSchema>;

/** Answers: the newest first; unanswered: the longest waiting first. */
export const AttentionListSchema = v.object({
  kind: v.picklist(ATTENTION_KINDS),
  items: v.array(AttentionItemSchema),
});
export type AttentionList = v.InferOutput<typeof AttentionListSchema>;

export const AnswerSeenSchema = v.object({ uuid: v.string(), answerSeenAt: v.nullable(v.string()) });
export type AnswerSeen = v.InferOutput<typeof AnswerSeenSchema>;
