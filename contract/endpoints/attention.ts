import {
  AgentAttentionSchema,
  AnswerSeenSchema,
  AttentionListQuerySchema,
  AttentionListSchema,
  AttentionQuerySchema,
} from '../attention';
import { type ApiRoute, ID, route } from '../route-table';

/** What needs the agent's attention (issue 21 point 7): the dashboard's counts and their two lists. */
export const ATTENTION = {
  counts: route({
    method: 'GET',
    path: '/api/agent/attention',
    query: AttentionQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: AgentAttentionSchema },
    who: 'agent',
    tag: 'agents',
    summary:
      "What needs the calling agent's attention, counts only: follow-ups due by the client's day, company answers not seen, submissions unanswered for 5 days, the agent's jobs whose criteria changed since their run, requests without an agent, new registrations to vet (14 days, per type)",
  }),
  list: route({
    method: 'GET',
    path: '/api/pipeline/attention',
    query: AttentionListQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: AttentionListSchema },
    who: 'agent',
    tag: 'pipeline',
    summary:
      "The rows behind two of the attention counts, on the caller's jobs: kind=answers, company answers not seen yet (newest first); kind=unanswered, entries submitted more than 5 days ago without an answer (longest waiting first); at most 200",
  }),
  answerSeen: route({
    method: 'POST',
    path: '/api/pipeline/{entry}/answer-seen',
    invalidates: (): readonly ApiRoute[] => [ATTENTION.counts, ATTENTION.list],
    params: { entry: ID },
    answer: { status: 200, json: AnswerSeenSchema },
    errors: { 404: ['pipeline.entry_not_found'] },
    who: 'agent',
    tag: 'pipeline',
    summary:
      "The agent saw the company's answer on this entry: idempotent (the first time is kept); an entry without an answer stays unseen. The job's own agent or a senior agent; another agent is 403",
  }),
} as const;
