import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { SubmissionsSearchSchema } from '../../../../contract/job-search';
import { companyLogic } from '../../../machines/companies/company-actors';
import { isAgent } from '../../../machines/session/token';
import { Screen } from '../../../ui/components/screen';
import { ClientSubmissionsScreen } from '../../../ui/submissions/client-submissions';

// The candidates sent to a company for one of its jobs (issue 21 point 5). Candidates never reach the
// employers' pages; an agent works on the job's own page and gets a pointer there. `?card=` (the mail's
// link to one card, issue 42) names the card to scroll to and focus.
export const Route = createFileRoute('/_protected/_employer/clientCandidates/$jobUuid')({
  validateSearch: SubmissionsSearchSchema,
  loader: ({ context, params }) => {
    const claims = context.session.getSnapshot().context.claims;
    return {
      logic: claims && isAgent(claims) ? null : companyLogic(context.logic).clientSubmissions(params.jobUuid),
    };
  },
  component: function ClientSubmissionsRoute() {
    const { t } = useLingui();
    const { logic } = Route.useLoaderData();
    const { jobUuid } = Route.useParams();
    const { card } = Route.useSearch();
    if (logic) return <ClientSubmissionsScreen logic={logic} focus={card} />;
    return (
      <Screen title={t`Candidates for the client`}>
        <p>
          <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid }}>
            <Trans>The job's pipeline shows what the client answered.</Trans>
          </Link>
        </p>
      </Screen>
    );
  },
});
