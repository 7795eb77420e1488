import { createFileRoute } from '@tanstack/react-router';
import { JOB_PAGE_SIZE, JobListSearchSchema } from '../../../contract/job-search';
import { listJobs } from '../../api/jobs';
import { listActor, visitList } from '../../machines/shared/list.machine';
import { JobListScreen } from '../../ui/jobs/job-list';

export const Route = createFileRoute('/_protected/matchingJob')({
  validateSearch: JobListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the list machine's query.
  loader: ({ context, deps }) => {
    const { api } = context;
    const list = listActor(api, 'jobs', (query) => listJobs(api, { ...query, limit: JOB_PAGE_SIZE }));
    return { list: visitList(list, deps) };
  },
  component: function JobListRoute() {
    const { list } = Route.useLoaderData();
    return <JobListScreen list={list} />;
  },
});
