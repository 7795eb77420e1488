import { describeJobTables } from '../../../tests/support/job-replay';

// The specification is tests/support/job-table.ts, replayed on the lifecycle and its form together.
describeJobTables('job lifecycle');
