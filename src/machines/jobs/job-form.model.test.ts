import { describeJobTables } from '../../../tests/support/job-replay';

// The specification is tests/support/job-table.ts, replayed on the form inside the lifecycle.
describeJobTables('job form');
