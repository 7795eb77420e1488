import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AgentDashboard } from '../../../contract/agent';
import type { JobListResponse } from '../../../contract/job';
import type { TokenClaims } from '../../../contract/session';
import type { OwnSubmissions } from '../../../contract/submissions';
import { isAgentType, isCandidateType } from '../../../contract/user-type-names';
import { jobLifecycleMachine } from '../../machines/jobs/job-lifecycle.machine';
import { pipelineEntryMachine } from '../../machines/pipeline/pipeline-entry.machine';
import { registrationMachine } from '../../machines/registration/registration.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { useAppActors } from '../components/app-context';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { type DiagramNode, machineDiagram } from './machine-graph';
import { CandidateLifecycle, CompanyLifecycle } from './own-lifecycle';
import { StateDiagram } from './state-diagram';

const registration = machineDiagram(registrationMachine);
const session = machineDiagram(sessionMachine);
const job = machineDiagram(jobLifecycleMachine);
const pipeline = machineDiagram(pipelineEntryMachine);

/** Stage names in words, by state id (keys such as "done" repeat across machines and levels). */
const STAGE_NAMES: Record<string, MessageDescriptor> = {
  'registration.account': msg`Create an account`,
  'registration.validation': msg`Confirm the e-mail address`,
  'registration.phone': msg`SMS protection`,
  'registration.profile': msg`Fill in the profile`,
  'registration.photo': msg`Add a photo`,
  'registration.done': msg`Registration finished`,
  'session.loggedOut': msg`Logged out`,
  'session.mfaPending': msg`Waiting for the SMS code`,
  'session.authenticated': msg`Logged in`,
  'job.draft': msg`New job, not saved yet`,
  'job.active': msg`Active`,
  'job.active.idle': msg`No run yet`,
  'job.active.inFlight': msg`Run queued or running`,
  'job.active.done': msg`Run finished: results ready`,
  'job.active.failed': msg`Run failed`,
  'job.active.cancelled': msg`Run cancelled`,
  'job.archived': msg`Archived`,
  'job.deleted': msg`Deleted`,
  'pipelineEntry.proposed': msg`Proposed`,
  'pipelineEntry.contacted': msg`Contacted`,
  'pipelineEntry.submitted': msg`Submitted to the client`,
  'pipelineEntry.interview': msg`Interview`,
  'pipelineEntry.offer': msg`Offer`,
  'pipelineEntry.placed': msg`Placed`,
  'pipelineEntry.rejected': msg`Rejected`,
  'pipelineEntry.withdrawn': msg`Withdrawn`,
};

/**
 * Where the token says the registration stands: the state whose `meta.step` is the step after the
 * ones done (registration_step counts them), entered down its `initial` children, as the registration
 * flow would open it; the machine's final state once finished (0) or when no step is left after it.
 */
export function registrationStateOf(claims: TokenClaims): string[] {
  const next = claims.registration_step === 0 ? undefined : claims.registration_step + 1;
  const step =
    registration.nodes.find((node) => next !== undefined && node.meta?.step === next) ??
    registration.nodes.find((node) => node.final && node.depth === 0);
  if (!step) return [];
  const initialOf = new Map(registration.nodes.map((node) => [node.id, node.initial]));
  const here: string[] = [];
  for (let at: string | undefined = step.id; at !== undefined; at = initialOf.get(at)) here.push(at);
  return here;
}

/** Where the token says the session stands. */
export function sessionStateOf(claims: TokenClaims): string[] {
  return claims.login_status === 'pending'
    ? ['session.mfaPending']
    : ['session.authenticated', 'session.authenticated.idle'];
}

/** What an agent's lifecycle page counts (GET /api/jobs/list's counts, the agent dashboard's runs). */
export interface JobCounts {
  jobs: Resource<JobListResponse>;
  dashboard: Resource<AgentDashboard>;
}

/**
 * The lifecycle page (PRODUCT.md §6). Candidates and companies read it in plain words (issue 42):
 * where the account stands, then what happens with a candidate's profile and where it was sent
 * (`submissions`), or with a company's requests. Agents see the machines' diagrams: registration,
 * session, the job lifecycle with the jobs in each stage, and a job's pipeline.
 */
export function LifecycleScreen({
  jobCounts,
  submissions = null,
}: {
  jobCounts: JobCounts | null;
  submissions?: Resource<OwnSubmissions> | null;
}) {
  const { t, i18n } = useLingui();
  const { session: sessionActor } = useAppActors();
  const claims = useSelector(sessionActor, (s) => s.context.claims);
  if (claims && !isAgentType(claims.user_type))
    return (
      <Screen title={t`Lifecycle`}>
        <NextSteps claims={claims} />
        {submissions && <CandidateLifecycle submissions={submissions} />}
        {claims.user_type === 'company' && <CompanyLifecycle />}
      </Screen>
    );
  const label = (node: DiagramNode) => {
    const name = STAGE_NAMES[node.id];
    return name ? i18n._(name) : node.key;
  };
  return (
    <Screen title={t`Lifecycle`}>
      <p className="lead">
        <Trans>
          Where things stand and what comes next, step by step. The steps are read from the very state
          machines that run this app.
        </Trans>
      </p>
      {claims && <NextSteps claims={claims} />}
      <div className="lifecycle-grid">
        {jobCounts && <JobLifecycle counts={jobCounts} label={label} />}
        {jobCounts && (
          <section className="lifecycle-figure wide" aria-labelledby="lifecycle-pipeline">
            <h2 id="lifecycle-pipeline">
              <Trans>A candidate in a job's pipeline</Trans>
            </h2>
            <p>
              <Trans>
                A candidate added from the results is proposed, then contacted, submitted to the client,
                invited to an interview, offered the job and placed. From any open stage the entry can be
                rejected (by the client or the agency, with a reason) or withdrawn by the candidate; a closed
                entry can be reopened to its last open stage.
              </Trans>
            </p>
            <StateDiagram diagram={pipeline} title={t`Pipeline stages`} label={label} />
          </section>
        )}
        <section className="lifecycle-figure" aria-labelledby="lifecycle-registration">
          <h2 id="lifecycle-registration">
            <Trans>Registration</Trans>
          </h2>
          <StateDiagram
            diagram={registration}
            title={t`Registration steps`}
            here={claims ? registrationStateOf(claims) : []}
            label={label}
          />
        </section>
        <section className="lifecycle-figure" aria-labelledby="lifecycle-session">
          <h2 id="lifecycle-session">
            <Trans>Session</Trans>
          </h2>
          <StateDiagram
            diagram={session}
            title={t`Session states`}
            here={claims ? sessionStateOf(claims) : []}
            label={label}
          />
          <p className="muted">
            <Trans>When another tab logs in or out, this one follows it.</Trans>
          </p>
        </section>
      </div>
    </Screen>
  );
}

/** The job lifecycle with the agency's jobs in each stage. */
function JobLifecycle({ counts, label }: { counts: JobCounts; label: (node: DiagramNode) => string }) {
  const { t } = useLingui();
  const list = useSelector(counts.jobs, (s) => s);
  const dashboard = useSelector(counts.dashboard, (s) => s);
  const jobs = resourceData(list)?.counts;
  const runs = resourceData(dashboard)?.runsInFlight;
  const shown: Record<string, ReactNode> = {};
  if (jobs) {
    shown['job.active'] = <Plural value={jobs.active} one="# job" other="# jobs" />;
    shown['job.archived'] = <Plural value={jobs.archived} one="# job" other="# jobs" />;
  }
  if (runs !== undefined) shown['job.active.inFlight'] = <Plural value={runs} one="# run" other="# runs" />;
  return (
    <section className="lifecycle-figure wide" aria-labelledby="lifecycle-jobs">
      <h2 id="lifecycle-jobs">
        <Trans>Job lifecycle</Trans>
      </h2>
      <p>
        <Trans>
          A job is active once saved: it can run, and each run ranks the candidates anew. Archive it to stop
          it; re-activate it to run it again.
        </Trans>
      </p>
      <ResourceStatus
        resource={counts.jobs}
        state={list}
        loaded={jobs !== undefined}
        loading={t`Loading the jobs…`}
        lines={1}
      />
      <StateDiagram
        diagram={job}
        title={t`Job stages`}
        label={label}
        counts={shown}
        busy={list.hasTag('busy') || dashboard.hasTag('busy')}
      />
    </section>
  );
}

/** A finished registration, in what it means for this kind of user: only candidates are matched. */
function Finished({ userType }: { userType: string }) {
  if (isCandidateType(userType))
    return <Trans>Your registration is finished: your profile can take part in matching.</Trans>;
  if (userType === 'company')
    return (
      <Trans>
        Your registration is finished: your agency proposes candidates for your jobs, and you answer from your
        dashboard.
      </Trans>
    );
  return <Trans>Your account is set up: the jobs you look after move through the phases below.</Trans>;
}

function NextSteps({ claims }: { claims: TokenClaims }) {
  const step = claims.registration_step;
  return (
    <section className="lifecycle-next" aria-labelledby="lifecycle-next-title">
      <h2 id="lifecycle-next-title">
        <Trans>You are here</Trans>
      </h2>
      <p>
        {step === 0 && <Finished userType={claims.user_type} />}
        {step === 1 && (
          <Trans>
            Your account exists. Next, confirm your e-mail address with the link we sent you; then you can
            protect your account by SMS.
          </Trans>
        )}
        {step === 2 && (
          <Trans>
            Next, add your mobile number for SMS protection, or skip it. Then you fill in your profile.
          </Trans>
        )}
        {step === 3 && (
          <Trans>Next, fill in the required fields of your profile. Then you can add a photo.</Trans>
        )}
        {step >= 4 && <Trans>Next, add a photo or skip it: that finishes your registration.</Trans>}
      </p>
      <p>
        {claims.mfa_status === 'enabled' && (
          <Trans>SMS protection is on: every login asks for a code sent to your phone.</Trans>
        )}
        {claims.mfa_status === 'pending' && (
          <Trans>SMS protection is being set up: confirm the code sent to your phone.</Trans>
        )}
        {claims.mfa_status === 'disabled' && (
          <Trans>SMS protection is off: you can turn it on in your account settings.</Trans>
        )}{' '}
        {claims.login_status === 'pending' ? (
          <Trans>Your login waits for the SMS code.</Trans>
        ) : (
          <Trans>
            You are logged in. The session renews itself while you work; when you log out, or it ends, you are
            back on the start page.
          </Trans>
        )}
      </p>
    </section>
  );
}
