import * as v from 'valibot';

// The URL state of /pipeline/attention (validateSearch), apart from contract/attention.ts so the
// router's search validation pulls no pipeline contract into the first page's JavaScript.

/**
 * The two lists of the agent's attention that have no table of their own: company answers not yet
 * seen, and submissions the client has not answered for `UNANSWERED_DAYS` days.
 */
export const ATTENTION_KINDS = ['answers', 'unanswered'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const AttentionSearchSchema = v.object({
  kind: v.fallback(v.optional(v.picklist(ATTENTION_KINDS), 'answers'), 'answers'),
});
export type AttentionSearch = v.InferOutput<typeof AttentionSearchSchema>;
