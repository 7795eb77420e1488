import { ACTIVE_RUN_STATES } from '../../contract/job';
import { sqlWordList } from '../db/sql-words';

/**
 * The contract's run states as SQL text. A run in flight: the predicate of the partial unique index
 * job_runs_one_active_per_job, which an ON CONFLICT must name word for word.
 */
export const ACTIVE_STATES_SQL = sqlWordList(ACTIVE_RUN_STATES);
