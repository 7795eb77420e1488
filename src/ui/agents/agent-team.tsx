import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import type { Actor } from 'xstate';
import type { TeamMember, TeamOverview } from '../../../contract/team';
import type { TeamContext, teamMachine } from '../../machines/agents/team.machine';
import type { FormActor } from '../../machines/shared/form.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { Button } from '../components/button';
import { ConfirmDialog } from '../components/dialog';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { ResourceStatus } from '../components/resource-status';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';

export interface TeamActors {
  overview: Resource<TeamOverview>;
  changes: Actor<typeof teamMachine>;
  create: FormActor;
}

/**
 * /agent/view for a senior agent (issue 42): each agent's late work (overdue follow-ups, submissions
 * without an answer, open requests) beside what they look after, moving all of it to another agent,
 * deactivating an agent (after a question naming what happens) and reactivating one, and the form for
 * a new one. A card per agent, as the plain list has. `signedInAgent` is the caller's own id: their
 * card offers no deactivation (the server refuses it, `agent.self`).
 */
export function TeamPanel({ team, signedInAgent }: { team: TeamActors; signedInAgent: string | null }) {
  const { t } = useLingui();
  const state = useSelector(team.overview, (s) => s);
  const overview = resourceData(state);
  const report = useSelector(team.changes, (s) => s.context);
  const active = overview?.items.filter((m) => m.active) ?? [];
  return (
    <section aria-labelledby="team-title" className="stack">
      <h2 id="team-title">
        <Trans>Team</Trans>
      </h2>
      <ResourceStatus
        resource={team.overview}
        state={state}
        loaded={Boolean(overview)}
        loading={t`Loading the team…`}
      />
      <FormError code={report.error} />
      {report.done && <ChangeReport done={report.done} />}
      {overview && (
        <>
          <WithoutAgent count={overview.requestsWithoutAgent} />
          <ul className="agent-cards" aria-busy={state.hasTag('busy')}>
            {overview.items.map((member) => (
              <TeamCard
                key={member.uuid}
                member={member}
                others={active}
                changes={team.changes}
                own={member.uuid === signedInAgent}
              />
            ))}
          </ul>
          <DeactivationQuestion team={overview.items} changes={team.changes} />
        </>
      )}
      <NewAgentForm form={team.create} />
    </section>
  );
}

function TeamCard({
  member,
  others,
  changes,
  own,
}: {
  member: TeamMember;
  others: TeamMember[];
  changes: Actor<typeof teamMachine>;
  /** The signed-in agent's own card. */
  own: boolean;
}) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<string | null>(null);
  const busy = useSelector(changes, (s) => s.hasTag('busy'));
  const canReassign = useSelector(changes, (s) =>
    choice ? s.can({ type: 'team.reassign', from: member.uuid, to: choice }) : false,
  );
  const name = member.name || member.email;
  const label = `team-${member.uuid}`;
  return (
    <li aria-labelledby={label}>
      <h3 id={label}>{name}</h3>
      <p className="cell-note">
        {member.email}
        {member.senior && <span className="badge">{t`Senior agent`}</span>}
        {!member.active && <span className="badge">{t`Deactivated`}</span>}
      </p>
      <ul className="counts">
        <TeamCount value={member.overdueFollowUps} label={<Trans>overdue follow-ups</Trans>} />
        <TeamCount value={member.unanswered} label={<Trans>submissions without an answer</Trans>} />
        <TeamCount value={member.openRequests} label={<Trans>open requests</Trans>} />
        <TeamCount value={member.candidates} label={<Trans>candidates assigned</Trans>} />
        <TeamCount value={member.companies} label={<Trans>companies assigned</Trans>} />
        <TeamCount value={member.jobs} label={<Trans>jobs</Trans>} />
      </ul>
      {member.active && (
        <div className="filters">
          <Select
            label={t`Hand over to`}
            placeholder={t`Choose an agent`}
            selectedKey={choice}
            onSelectionChange={(key) => setChoice(key === null ? null : String(key))}
            options={others
              .filter((a) => a.uuid !== member.uuid)
              .map((a) => ({ id: a.uuid, label: a.name ? `${a.name} (${a.email})` : a.email }))}
          />
          <Button
            variant="secondary"
            isDisabled={!canReassign}
            aria-label={t`Hand over all: ${name}`}
            onPress={() => {
              if (choice) changes.send({ type: 'team.reassign', from: member.uuid, to: choice });
            }}
          >
            <Trans>Hand over all</Trans>
          </Button>
          {!own && (
            <Button
              variant="danger"
              isDisabled={busy}
              aria-label={t`Deactivate: ${name}`}
              onPress={() =>
                changes.send({
                  type: 'team.deactivate',
                  agent: member.uuid,
                  reassignTo: choice,
                  records: member.candidates + member.companies + member.jobs,
                })
              }
            >
              <Trans>Deactivate</Trans>
            </Button>
          )}
        </div>
      )}
      {!member.active && (
        <div className="filters">
          <Button
            variant="secondary"
            isDisabled={busy}
            aria-label={t`Reactivate: ${name}`}
            onPress={() => changes.send({ type: 'team.reactivate', agent: member.uuid })}
          >
            <Trans>Reactivate</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The question before a deactivation (team.machine.ts `confirming`): what happens — no more sign-in,
 * every session ends now, the records go to the chosen agent — or, while the agent looks after records
 * and nobody is chosen to take them, that someone must be chosen first (the machine refuses the yes).
 * It stays open until the server answered.
 */
function DeactivationQuestion({ team, changes }: { team: TeamMember[]; changes: Actor<typeof teamMachine> }) {
  const { t } = useLingui();
  const asked = useSelector(changes, (s) => s.context.confirming);
  const canConfirm = useSelector(changes, (s) => s.can({ type: 'team.confirm' }));
  const sending = useSelector(changes, (s) => s.hasTag('busy'));
  const member = asked ? team.find((m) => m.uuid === asked.agent) : undefined;
  const taker = asked?.reassignTo ? team.find((m) => m.uuid === asked.reassignTo) : undefined;
  const name = member ? member.name || member.email : '';
  const takerName = taker ? taker.name || taker.email : '';
  const candidates = member?.candidates ?? 0;
  const companies = member?.companies ?? 0;
  const jobs = member?.jobs ?? 0;
  return (
    <ConfirmDialog
      title={t`Deactivate ${name}?`}
      isOpen={Boolean(asked && member)}
      onOpenChange={(open) => {
        if (!open) changes.send({ type: 'team.cancel' });
      }}
      closedByOwner
      canConfirm={canConfirm}
      confirmLabel={t`Deactivate`}
      onConfirm={() => changes.send({ type: 'team.confirm' })}
      consequences={
        <>
          <p>
            <Trans>{name} can no longer sign in, and every session of theirs ends now.</Trans>
          </p>
          {asked && asked.records === 0 ? (
            <p>
              <Trans>{name} looks after no candidates, companies or jobs.</Trans>
            </p>
          ) : taker ? (
            <p>
              <Trans>
                {takerName} takes over what {name} looks after: {candidates} candidates, {companies}{' '}
                companies, {jobs} jobs.
              </Trans>
            </p>
          ) : (
            <p className="form-error">
              <Trans>
                {name} still looks after {candidates} candidates, {companies} companies and {jobs} jobs.
                Cancel and choose under “Hand over to” who takes them over.
              </Trans>
            </p>
          )}
          <p className="muted">
            <Trans>You can reactivate the agent later.</Trans>
          </p>
          {sending && (
            <p role="status">
              <Trans>Deactivating…</Trans>
            </p>
          )}
        </>
      }
    />
  );
}

function ChangeReport({ done }: { done: NonNullable<TeamContext['done']> }) {
  if (done.kind === 'deactivated')
    return (
      <p role="status">
        <Trans>The agent is deactivated.</Trans>
      </p>
    );
  if (done.kind === 'reactivated')
    return (
      <p role="status">
        <Trans>The agent is active again.</Trans>
      </p>
    );
  const { candidates, companies, jobs } = done.moved;
  return (
    <p role="status">
      <Trans>
        Handed over: {candidates} candidates, {companies} companies, {jobs} jobs.
      </Trans>
    </p>
  );
}

function WithoutAgent({ count }: { count: number }) {
  return (
    <p className="muted">
      <Trans>Requests without an agent: {count}</Trans>
    </p>
  );
}

function TeamCount({ value, label }: { value: number; label: ReactNode }) {
  return (
    <li className="count-body">
      <span className="count-value">{value}</span> <span>{label}</span>
    </li>
  );
}

function NewAgentForm({ form }: { form: FormActor }) {
  const { t } = useLingui();
  const { snapshot, field, submit } = useFormFields(form);
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="new-agent-title">
      <h2 id="new-agent-title">
        <Trans>New agent</Trans>
      </h2>
      <p className="muted">
        <Trans>The new agent gets an e-mail with a link to choose a password.</Trans>
      </p>
      <FormError code={snapshot.context.error} />
      {snapshot.matches('done') && <p role="status">{t`The agent is created and invited by e-mail.`}</p>}
      <TextField
        id="new-agent-first-name"
        {...field('first_name')}
        autoComplete="off"
        label={<Trans>First name</Trans>}
      />
      <TextField
        id="new-agent-last-name"
        {...field('last_name')}
        autoComplete="off"
        label={<Trans>Last name</Trans>}
      />
      <TextField
        id="new-agent-email"
        {...field('email')}
        type="email"
        autoComplete="off"
        label={<Trans>E-mail</Trans>}
      />
      <Select
        label={t`Role`}
        selectedKey={String(snapshot.context.values.role ?? 'agent')}
        onSelectionChange={(key) =>
          form.send({ type: 'form.change', name: 'role', value: String(key ?? 'agent') })
        }
        options={[
          { id: 'agent', label: t`Agent` },
          { id: 'senior_agent', label: t`Senior agent` },
        ]}
      />
      <button type="submit" disabled={snapshot.hasTag('busy')}>
        <Trans>Create agent</Trans>
      </button>
    </form>
  );
}
