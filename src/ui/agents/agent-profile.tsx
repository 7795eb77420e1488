import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AgentSelf } from '../../../contract/agent';
import type { photoMachine } from '../../machines/profile/photo.machine';
import type { FormActor } from '../../machines/shared/form.machine';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { PhotoEditor } from '../components/photo-panel';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

/** agent: the agent's own name, phone and photo, and (`settings`) the account settings every user has. */
export function AgentProfileScreen({
  self,
  save,
  photo,
  settings,
}: {
  self: Resource<AgentSelf>;
  save: FormActor;
  photo: typeof photoMachine;
  settings: ReactNode;
}) {
  const { t } = useLingui();
  const state = useSelector(self, (s) => s);
  const agent = resourceData(state);
  return (
    <Screen title={t`My agent profile`}>
      <ResourceStatus
        resource={self}
        state={state}
        loaded={Boolean(agent)}
        loading={t`Loading your profile…`}
      />
      {agent && (
        <>
          <PhotoEditor image={agent.photo_image} logic={photo} />
          {/* A new version (saved here or elsewhere) refills the form: agentLogic's ownPage sends it. */}
          <AgentForm agent={agent} form={save} />
        </>
      )}
      {settings}
    </Screen>
  );
}

function AgentForm({ agent, form }: { agent: AgentSelf; form: FormActor }) {
  const { t } = useLingui();
  const { snapshot, field, submit } = useFormFields(form);
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="agent-details-title">
      <h2 id="agent-details-title">
        <Trans>My details</Trans>
      </h2>
      <p className="muted">{agent.email}</p>
      <FormError code={snapshot.context.error} />
      {snapshot.matches('done') && <p role="status">{t`Your details are saved.`}</p>}
      <TextField
        id="agent-first-name"
        {...field('first_name')}
        autoComplete="given-name"
        label={<Trans>First name</Trans>}
      />
      <TextField
        id="agent-last-name"
        {...field('last_name')}
        autoComplete="family-name"
        label={<Trans>Last name</Trans>}
      />
      <TextField
        id="agent-phone"
        {...field('phone')}
        type="tel"
        autoComplete="tel"
        label={<Trans>Phone</Trans>}
      />
      <button type="submit" disabled={snapshot.hasTag('busy')}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
}
