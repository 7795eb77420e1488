import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type AgentSelf, AgentSelfUpdateSchema } from '../../../contract/agent';
import { formErrors } from '../../../contract/form-errors';
import type { photoMachine } from '../../machines/profile/photo.machine';
import type { ResourceActor } from '../../machines/shared/resource.machine';
import { resourceData } from '../../machines/shared/resource.machine';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import { FormError, TextField } from '../components/native-text-field';
import { PhotoEditor } from '../components/photo-panel';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';

/** agent: the agent's own name, phone and photo, and (`settings`) the account settings every user has. */
export function AgentProfileScreen({
  self,
  save,
  photo,
  settings,
}: {
  self: ResourceActor;
  save: SubmissionActor;
  photo: typeof photoMachine;
  settings: ReactNode;
}) {
  const { t } = useLingui();
  const state = useSelector(self, (s) => s);
  const agent = resourceData<AgentSelf>(state);
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
          {/* A new version (saved here or elsewhere) refills the form with what the server holds. */}
          <AgentForm key={agent.version} agent={agent} save={save} />
        </>
      )}
      {settings}
    </Screen>
  );
}

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

function AgentForm({ agent, save }: { agent: AgentSelf; save: SubmissionActor }) {
  const { t } = useLingui();
  const busy = useSelector(save, (s) => s.hasTag('busy'));
  const done = useSelector(save, (s) => s.matches('done'));
  const serverError = useSelector(save, (s) => s.context.error);
  const serverFields = useSelector(save, (s) => s.context.fields);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const phone = field(form, 'phone').trim();
    const parsed = formErrors(AgentSelfUpdateSchema, {
      first_name: field(form, 'first_name'),
      last_name: field(form, 'last_name'),
      phone: phone === '' ? null : phone,
      version: agent.version,
    });
    setErrors(parsed.ok ? {} : parsed.fields);
    if (parsed.ok) save.send({ type: 'submission.submit', input: parsed.output });
  }
  const first = (key: string) => errors[key]?.[0] ?? serverFields[key]?.[0];
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="agent-details-title">
      <h2 id="agent-details-title">
        <Trans>My details</Trans>
      </h2>
      <p className="muted">{agent.email}</p>
      <FormError code={serverError === 'request.invalid' ? null : serverError} />
      {done && <p role="status">{t`Your details are saved.`}</p>}
      <TextField
        id="agent-first-name"
        name="first_name"
        autoComplete="given-name"
        defaultValue={agent.first_name ?? ''}
        label={<Trans>First name</Trans>}
        error={first('first_name')}
      />
      <TextField
        id="agent-last-name"
        name="last_name"
        autoComplete="family-name"
        defaultValue={agent.last_name ?? ''}
        label={<Trans>Last name</Trans>}
        error={first('last_name')}
      />
      <TextField
        id="agent-phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={agent.phone ?? ''}
        label={<Trans>Phone</Trans>}
        error={first('phone')}
      />
      <button type="submit" disabled={busy}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
}
