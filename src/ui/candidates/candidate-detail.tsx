import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useState } from 'react';
import type { AgentListResponse, AgentProfileDetail } from '../../../contract/agent';
import type { CandidateType } from '../../../contract/user-types';
import type {
  CandidateActionsActor,
  CandidateNotice,
} from '../../machines/candidates/candidate-actions.machine';
import type { CandidateDetailLogic } from '../../machines/candidates/candidate-actors';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { Button } from '../components/button';
import { ConfirmDialog } from '../components/dialog';
import { DownloadButton } from '../components/download-button';
import { EraseRecord } from '../components/erase-record';
import { errorMessage } from '../components/error-message';
import { formatDate, formatPercent } from '../components/format';
import { InviteForm } from '../components/invite-form';
import { ProtectedImage } from '../components/protected-image';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';
import { Timeline } from '../components/timeline';
import { AccessLog, AccountFacts, RankedJobs } from './candidate-sections';
import { MatchingState } from './matching-state';

const TYPE_NAMES = { stella: msg`Stella`, luna: msg`Luna`, nova: msg`Nova` } as const;
/** Where a deleted candidate's page leaves for: the table of their type. */
const TABLE_OF = { stella: '/stellas', luna: '/lunas', nova: '/novas' } as const;
const NOTICES: Record<CandidateNotice, ReturnType<typeof msg>> = {
  assigned: msg`The assignment is saved.`,
  unassigned: msg`The candidate has no agent now.`,
  promoted: msg`The luna is a stella now and was told by e-mail.`,
  promotedWithoutAccount: msg`The luna is a stella now. Without an account, nobody was told.`,
  blocked: msg`The profile is blocked: it takes no part in matching, and the candidate cannot resume it.`,
  unblocked: msg`The block is lifted: the candidate's own matching switch applies again.`,
};
function nameOf(detail: AgentProfileDetail): string {
  const { first_name, last_name } = detail.profile.values;
  return [first_name, last_name].filter((part) => typeof part === 'string' && part).join(' ');
}

/** stellas|lunas|novas/view/{uuid} (PRODUCT.md §6): the whole profile, its facts and what an agent can do with it. */
export function CandidateDetailScreen({
  type,
  logic,
  editor,
  pipeline,
}: {
  type: CandidateType;
  logic: CandidateDetailLogic;
  /** The profile's form (the owner's, over the agent's calls), which the route composes in. */
  editor: ReactNode;
  /** The jobs the candidate is in with their stage (the pipeline feature's list), composed by the route. */
  pipeline?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const state = useSelector(logic.detail, (s) => s);
  const detail = resourceData(state);
  const title = detail ? nameOf(detail) || t`Candidate` : i18n._(TYPE_NAMES[type]);
  return (
    <Screen title={title}>
      <ResourceStatus
        resource={logic.detail}
        state={state}
        loaded={Boolean(detail)}
        loading={t`Loading the profile…`}
      />
      {detail && (
        <CandidateBody
          key={detail.profile.uuid}
          detail={detail}
          logic={logic}
          name={title}
          editor={editor}
          pipeline={pipeline}
        />
      )}
    </Screen>
  );
}

function CandidateBody({
  detail,
  logic,
  name,
  editor,
  pipeline,
}: {
  detail: AgentProfileDetail;
  logic: CandidateDetailLogic;
  name: string;
  editor: ReactNode;
  pipeline: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const actions = useActorRef(logic.actions, {
    input: {
      candidate: {
        uuid: detail.profile.uuid,
        type: detail.profile.type,
        status: detail.profile.status,
        assignedAgent: detail.assignedAgent,
        block: detail.block,
      },
      hasAccount: detail.account !== null,
      me: logic.me,
      senior: logic.senior,
    },
  });
  const candidate = useSelector(actions, (s) => s.context.candidate);
  const typeName = TYPE_NAMES[candidate.type as CandidateType];
  const fileBase = name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'kandidat';
  return (
    <div className="candidate-detail">
      <div className="detail-head">
        <ProtectedImage src={detail.photo_image} alt={t`Photo of ${name}`} size={128} className="avatar" />
        <div>
          <p>
            <span className="badge">{typeName ? i18n._(typeName) : candidate.type}</span>{' '}
            <MatchingState paused={candidate.status === 'inactive'} blocked={candidate.block !== null} />
          </p>
          <p>
            <Trans>Profile {formatPercent(i18n, detail.profile.completeness)} complete</Trans>
          </p>
          <div className="candidate-downloads">
            <DownloadButton logic={logic.cards.full} fileName={`${fileBase}.pdf`}>
              <Trans>Download the full card</Trans>
            </DownloadButton>
            <DownloadButton logic={logic.cards.anonymised} fileName={`${t`anonymised-card`}.pdf`}>
              <Trans>Download the anonymised card</Trans>
            </DownloadButton>
          </div>
        </div>
      </div>
      <CandidateActions actions={actions} agents={logic.agents} name={name} />
      <AccountFacts detail={detail} />
      {!detail.account && (
        <InviteForm
          invitation={detail.invitation}
          contactEmail={
            typeof detail.profile.values.contact_email === 'string'
              ? detail.profile.values.contact_email
              : null
          }
          send={logic.invitation}
          idPrefix="candidate-invite"
        />
      )}
      {pipeline}
      <RankedJobs detail={detail} />
      <section aria-labelledby="candidate-edit-title" className="candidate-section">
        <h2 id="candidate-edit-title">
          <Trans>Edit the profile</Trans>
        </h2>
        {editor}
      </section>
      <Timeline logic={logic.timeline} />
      {detail.accessLog && <AccessLog entries={detail.accessLog} />}
      <EraseSection logic={logic} uuid={detail.profile.uuid} type={candidate.type as CandidateType} />
    </div>
  );
}

/** Deleting the candidate (issue 42): senior agents any, an agent those they look after. */
function EraseSection({
  logic,
  uuid,
  type,
}: {
  logic: CandidateDetailLogic;
  uuid: string;
  type: CandidateType;
}) {
  const navigate = useNavigate();
  const onErased = useCallback(
    () => void navigate({ to: TABLE_OF[type] ?? '/stellas', replace: true }),
    [navigate, type],
  );
  return (
    <section aria-labelledby="candidate-erase-title" className="candidate-section">
      <h2 id="candidate-erase-title">
        <Trans>Delete the candidate</Trans>
      </h2>
      <p>
        <Trans>
          For an erasure request or a duplicate: the profile, the account and the photo go; the jobs keep
          their pipeline history without the person.
        </Trans>
      </p>
      <EraseRecord logic={logic.erasure} target={{ kind: 'profile', uuid }} onErased={onErased} />
    </section>
  );
}

function CandidateActions({
  actions,
  agents,
  name,
}: {
  actions: CandidateActionsActor;
  agents: Resource<AgentListResponse> | null;
  name: string;
}) {
  const { i18n, t } = useLingui();
  const state = useSelector(actions, (s) => s);
  const { candidate, error, notice, pendingStatus, reason } = state.context;
  const busy = state.hasTag('busy');
  // While the block's question is open, its error (a reason missing) shows in the dialog.
  const confirming = state.matches('confirmingStatus');
  const send = (type: 'candidate.assignToMe' | 'candidate.unassign' | 'candidate.promote') =>
    actions.send({ type });
  const agent = candidate.assignedAgent;
  // What is offered comes from the last settled state (idle or failed): while an action runs or a
  // confirmation is open the buttons stay where they are (a press then is an event the machine
  // refuses; the group is aria-busy), and a pair that swaps (assign / unassign, activate /
  // deactivate) is one button whose label changes — so keyboard focus stays on it, and a closing
  // dialog can give it back, instead of falling to the page.
  const settled = state.matches('idle') || state.matches('failed');
  const [offer, setOffer] = useState(state);
  if (settled && offer !== state) setOffer(state);
  return (
    <section aria-labelledby="candidate-actions-title" className="candidate-section">
      <h2 id="candidate-actions-title">
        <Trans>Assignment and status</Trans>
      </h2>
      <p>
        {agent ? (
          <Trans>Assigned agent: {agent.name ?? agent.email}</Trans>
        ) : (
          <Trans>No agent is assigned.</Trans>
        )}
      </p>
      <div className="job-actions" aria-busy={busy}>
        {(offer.can({ type: 'candidate.assignToMe' }) || offer.can({ type: 'candidate.unassign' })) && (
          <Button
            variant={offer.can({ type: 'candidate.assignToMe' }) ? 'primary' : 'secondary'}
            onPress={() =>
              send(
                offer.can({ type: 'candidate.assignToMe' }) ? 'candidate.assignToMe' : 'candidate.unassign',
              )
            }
          >
            {offer.can({ type: 'candidate.assignToMe' }) ? (
              <Trans>Assign to me</Trans>
            ) : (
              <Trans>Unassign</Trans>
            )}
          </Button>
        )}
        {offer.can({ type: 'candidate.promote' }) && (
          <Button variant="secondary" onPress={() => send('candidate.promote')}>
            <Trans>Promote to stella</Trans>
          </Button>
        )}
        {(offer.can({ type: 'candidate.unblock' }) || offer.can({ type: 'candidate.block' })) && (
          <Button
            variant="secondary"
            onPress={() =>
              actions.send({
                type: offer.can({ type: 'candidate.unblock' }) ? 'candidate.unblock' : 'candidate.block',
              })
            }
          >
            {offer.can({ type: 'candidate.unblock' }) ? <Trans>Lift the block</Trans> : <Trans>Block</Trans>}
          </Button>
        )}
      </div>
      {candidate.block && (
        <p>
          <Trans>
            Blocked since {formatDate(i18n, candidate.block.at)}: {candidate.block.reason}
          </Trans>
        </p>
      )}
      {agents && <AssignToAgent actions={actions} agents={agents} />}
      <p role="status" className="candidate-notice">
        {busy ? <Trans>Saving…</Trans> : notice ? i18n._(NOTICES[notice]) : null}
      </p>
      {error && !confirming && (
        <p className="form-error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
      <ConfirmDialog
        title={t`Promote ${name} to stella?`}
        isOpen={state.matches('confirmingPromote')}
        onOpenChange={(open) => {
          if (!open) actions.send({ type: 'candidate.cancel' });
        }}
        consequences={
          <p>
            <Trans>
              The luna becomes a stella and is told so by e-mail in their language. This cannot be undone
              here.
            </Trans>
          </p>
        }
        confirmLabel={t`Promote`}
        onConfirm={() => actions.send({ type: 'candidate.confirm' })}
      />
      <ConfirmDialog
        title={pendingStatus === 'inactive' ? t`Block ${name}?` : t`Lift the block of ${name}?`}
        isOpen={state.matches('confirmingStatus')}
        onOpenChange={(open) => {
          if (!open) actions.send({ type: 'candidate.cancel' });
        }}
        consequences={
          pendingStatus === 'inactive' ? (
            <>
              <p>
                <Trans>
                  A blocked profile takes no part in matching, and the candidate cannot switch matching on
                  again: they see that the agency paused their profile. The reason stays in the history for
                  agents.
                </Trans>
              </p>
              <TextField
                label={t`Reason`}
                multiline
                isRequired
                maxLength={500}
                value={reason}
                errorMessage={confirming && error ? errorMessage(i18n, error) : undefined}
                onChange={(value) => actions.send({ type: 'candidate.reason', reason: value })}
              />
            </>
          ) : (
            <p>
              <Trans>The candidate's own matching switch applies again.</Trans>
            </p>
          )
        }
        confirmLabel={pendingStatus === 'inactive' ? t`Block` : t`Lift the block`}
        closedByOwner
        onConfirm={() => actions.send({ type: 'candidate.confirm' })}
      />
    </section>
  );
}

/** A senior agent's choice of any agent (the machine refuses it for everybody else). */
function AssignToAgent({
  actions,
  agents,
}: {
  actions: CandidateActionsActor;
  agents: Resource<AgentListResponse>;
}) {
  const { t } = useLingui();
  const list = resourceData(useSelector(agents, (s) => s));
  const [choice, setChoice] = useState<string | null>(null);
  const allowed = useSelector(actions, (s) =>
    choice ? s.can({ type: 'candidate.assignTo', agent: choice }) : false,
  );
  const senior = useSelector(actions, (s) => s.context.senior);
  if (!senior || !list) return null;
  return (
    <div className="filters">
      <Select
        label={t`Assign to another agent`}
        placeholder={t`Choose an agent`}
        selectedKey={choice}
        onSelectionChange={(key) => setChoice(key === null ? null : String(key))}
        options={list.items.map((a) => ({ id: a.uuid, label: a.name ? `${a.name} (${a.email})` : a.email }))}
      />
      <Button
        variant="secondary"
        isDisabled={!allowed}
        onPress={() => {
          if (choice) actions.send({ type: 'candidate.assignTo', agent: choice });
        }}
      >
        <Trans>Assign</Trans>
      </Button>
    </div>
  );
}
