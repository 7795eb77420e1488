import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Invitation } from '../../../contract/people';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import { fieldMessage } from './error-message';
import { FormError } from './form-error';
import { formatDate } from './format';
import { Select } from './select';
import { TextField } from './text-field';

/**
 * A candidate's or company's invitation (issue 20): the latest link's state, and sending one — to
 * the contact e-mail unless another address is typed — in the person's language.
 */
export function InviteForm({
  invitation,
  contactEmail,
  send,
  idPrefix,
}: {
  invitation: Invitation | null;
  contactEmail: string | null;
  send: SubmissionActor;
  idPrefix: string;
}) {
  const { t, i18n } = useLingui();
  const state = useSelector(send, (s) => s);
  const busy = state.hasTag('busy');
  const expires = invitation ? formatDate(i18n, invitation.expiresAt) : '';
  return (
    <section aria-labelledby={`${idPrefix}-title`} className="candidate-section">
      <h2 id={`${idPrefix}-title`}>
        <Trans>Invitation</Trans>
      </h2>
      <p role="status">
        {!invitation ? (
          <Trans>No account yet: invite the person to take the profile over.</Trans>
        ) : invitation.state === 'open' ? (
          <Trans>
            Invited at {invitation.email}; the link is valid until {expires}.
          </Trans>
        ) : (
          <Trans>The invitation to {invitation.email} has expired.</Trans>
        )}
      </p>
      <form
        className="filters"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const email = String(data.get('email') ?? '').trim();
          send.send({
            type: 'submission.submit',
            input: { ...(email ? { email } : {}), language: String(data.get('language') ?? 'de') },
          });
        }}
      >
        <TextField
          key={contactEmail ?? ''}
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label={t`E-mail address`}
          defaultValue={contactEmail ?? ''}
          errorMessage={fieldMessage(i18n, state.context.fields.email?.[0])}
        />
        <Select
          name="language"
          label={t`Language of the e-mail`}
          defaultSelectedKey={i18n.locale === 'en' ? 'en' : 'de'}
          options={[
            { id: 'de', label: 'Deutsch' },
            { id: 'en', label: 'English' },
          ]}
        />
        <button type="submit" className="button" disabled={busy}>
          {invitation ? <Trans>Invite again</Trans> : <Trans>Send invitation</Trans>}
        </button>
      </form>
      {state.matches('done') && !busy && (
        <p role="status">
          <Trans>The invitation is on its way.</Trans>
        </p>
      )}
      <FormError code={state.context.fields.email ? null : state.context.error} />
    </section>
  );
}
