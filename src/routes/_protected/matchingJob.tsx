import { createFileRoute } from '@tanstack/react-router';
import { JobListSearchSchema } from '../../../contract/job-search';
import { jobsLogic } from '../../machines/jobs/job-provider';
import { JobListScreen } from '../../ui/jobs/job-list';

export const Route = createFileRoute('/_protected/matchingJob')({
  validateSearch: JobListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, deps }) => ({ list: jobsLogic(context.logic).jobList(deps) }),
  component: function JobListRoute() {
    const { list } = Route.useLoaderData();
    return <JobListScreen list={list} />;
  },
});
