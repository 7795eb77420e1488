import { AgentAttentionSchema, AnswerSeenSchema, AttentionListSchema } from '../../../contract/attention';
import { agentsOnly, type OperationDoc, ok, op, section } from '../operation-doc';

/** What needs the agent's attention (issue 21 point 7): the dashboard's counts and their two lists. */
export const ATTENTION_OPERATIONS: Record<string, OperationDoc> = {
  ...section('agents', {
    'GET /api/agent/attention': op(
      "What needs the calling agent's attention, counts only: follow-ups due by the client's day, company answers not seen, submissions unanswered for 5 days, the agent's jobs whose criteria changed since their run, requests without an agent, new registrations to vet (14 days, per type)",
      ok(AgentAttentionSchema),
      agentsOnly,
    ),
  }),
  ...section('pipeline', {
    'GET /api/pipeline/attention': op(
      "The rows behind two of the attention counts, on the caller's jobs: kind=answers, company answers not seen yet (newest first); kind=unanswered, entries submitted more than 5 days ago without an answer (longest waiting first); at most 200",
      ok(AttentionListSchema),
      agentsOnly,
    ),
    'POST /api/pipeline/{entry}/answer-seen': op(
      "The agent saw the company's answer on this entry: idempotent (the first time is kept); an entry without an answer stays unseen. The job's own agent or a senior agent; another agent is 403",
      ok(AnswerSeenSchema),
      { ...agentsOnly, 404: ['pipeline.entry_not_found'] },
    ),
  }),
};
