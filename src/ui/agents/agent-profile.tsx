import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AgentSelf } from '../../../contract/agent';
import type { photoMachine } from '../../machines/profile/photo.machine';
import type { FormActor } from '../../machines/shared/form.machine';
import type { ListActor } from '../../machines/shared/list.machine';
import { listPage } from '../../machines/shared/list.machine';
import { AccountSettings } from '../account/account-settings';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { ListStatus } from '../components/list-status';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';
import { PhotoEditor } from '../profile/photo-panel';

/** agent: the agent's own name, phone and photo, and the account settings every user has. */
export function AgentProfileScreen({
  self,
  save,
  photo,
}: {
  self: ListActor;
  save: FormActor;
  photo: typeof photoMachine;
}) {
  const { t } = useLingui();
  const state = useSelector(self, (s) => s);
  const agent = listPage<AgentSelf>(state);
  return (
    <Screen title={t`My agent profile`}>
      <ListStatus list={self} state={state} loaded={Boolean(agent)} loading={t`Loading your profile…`} />
      {agent && (
        <>
          <PhotoEditor image={agent.photo_image} logic={photo} />
          {/* A new version (saved here or elsewhere) refills the form: agentSelfActors sends it. */}
          <AgentForm agent={agent} form={save} />
        </>
      )}
      <AccountSettings />
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
