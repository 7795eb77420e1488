import type { OperationDoc } from './operation-doc';
import { ACCOUNT_OPERATIONS } from './operations/account';
import { AGENT_OPERATIONS } from './operations/agents';
import { ATTENTION_OPERATIONS } from './operations/attention';
import { CLIENT_ANSWER_OPERATIONS } from './operations/client-answers';
import { CLIENT_OPERATIONS } from './operations/clients';
import { JOB_OPERATIONS } from './operations/jobs';
import { PIPELINE_OPERATIONS } from './operations/pipeline';
import { PROFILE_OPERATIONS } from './operations/profiles';
import { SENDING_OPERATIONS } from './operations/sending';
import { TEAM_OPERATIONS } from './operations/team';

/**
 * Every /api operation, keyed `METHOD /api/path/{param}`. A route the app registers without an
 * entry here fails server/http/openapi.db.test.ts: describe a new route in the file of its feature
 * (server/http/operations/) when you add it.
 */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...ACCOUNT_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...JOB_OPERATIONS,
  ...AGENT_OPERATIONS,
  ...CLIENT_OPERATIONS,
  ...PIPELINE_OPERATIONS,
  ...ATTENTION_OPERATIONS,
  ...SENDING_OPERATIONS,
  ...CLIENT_ANSWER_OPERATIONS,
  ...TEAM_OPERATIONS,
};
