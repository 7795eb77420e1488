import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { Contact } from '../../../contract/client';
import type { companyLogic } from '../../machines/companies/company-actors';
import { contactFormInput } from '../../machines/companies/contact-form.machine';
import type { FormActor } from '../../machines/shared/form.machine';
import { resourceData } from '../../machines/shared/resource.machine';
import { ConfirmDialog } from '../components/dialog';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { ResourceStatus } from '../components/resource-status';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';

/** A company's contacts as the provider hands them out (company-actors.ts `contacts`). */
export type ContactsLogic = ReturnType<ReturnType<typeof companyLogic>['contacts']>;

/**
 * A company's contacts (PRODUCT.md §10), on the agent's company page and in the company's own profile:
 * the people the agency writes to, one of them the default recipient whenever there are any.
 */
export function ContactsSection({ contacts }: { contacts: ContactsLogic }) {
  const { t } = useLingui();
  const state = useSelector(contacts.list, (s) => s);
  const data = resourceData(state);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const actionError = useSelector(contacts.makeDefault, (s) => s.context.error);
  const removeError = useSelector(contacts.remove, (s) => s.context.error);
  const inviteError = useSelector(contacts.invite, (s) => s.context.error);
  return (
    <section aria-labelledby="contacts-title" className="contacts">
      <h2 id="contacts-title">
        <Trans>Contacts</Trans>
      </h2>
      <ResourceStatus
        resource={contacts.list}
        state={state}
        loaded={Boolean(data)}
        loading={t`Loading the contacts…`}
        lines={2}
      />
      <FormError code={actionError ?? removeError ?? inviteError} />
      {/* The server says whether the caller may invite (decision 0031): a contact's login may not. */}
      {data && !data.canInvite && (
        <p className="muted">
          <Trans>Only your company's main login can invite contacts to sign in.</Trans>
        </p>
      )}
      {data && data.items.length === 0 && (
        <p>
          <Trans>No contact yet. The first one added becomes the default recipient.</Trans>
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="contact-list">
          {data.items.map((contact) =>
            editing === contact.uuid ? (
              <li key={contact.uuid}>
                <EditContact contacts={contacts} contact={contact} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={contact.uuid}>
                <ContactCard
                  contact={contact}
                  canInvite={data.canInvite}
                  onEdit={() => setEditing(contact.uuid)}
                  onRemove={() => setRemoving(contact)}
                  contacts={contacts}
                />
              </li>
            ),
          )}
        </ul>
      )}
      <NewContact contacts={contacts} />
      <ConfirmDialog
        title={t`Remove contact?`}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        consequences={
          <Trans>
            {removing?.name} and their e-mail address and phone number are removed from this company. Their
            login, if they have one, ends at once.
          </Trans>
        }
        confirmLabel={t`Remove contact`}
        onConfirm={() => {
          if (removing) contacts.remove.send({ type: 'submission.submit', input: removing.uuid });
          setRemoving(null);
        }}
      />
    </section>
  );
}

function ContactCard({
  contact,
  canInvite,
  contacts,
  onEdit,
  onRemove,
}: {
  contact: Contact;
  /** Whether the caller may invite contacts to sign in (the list's answer says so). */
  canInvite: boolean;
  contacts: ContactsLogic;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const busy = useSelector(contacts.makeDefault, (s) => s.hasTag('busy'));
  const inviting = useSelector(contacts.invite, (s) => s.hasTag('busy'));
  const login = contact.login ?? 'none';
  return (
    <div className="contact-card">
      <p>
        {/* How the mail greets them (issue 42): "Frau Dr. Anna Krüger". */}
        {contact.salutation !== 'none' && <>{contact.salutation === 'ms' ? t`Ms` : t`Mr`} </>}
        <strong>{contact.name}</strong>
        {contact.role && <span className="muted"> · {contact.role}</span>}{' '}
        {contact.isDefault && (
          <span className="badge">
            <Trans>Default recipient</Trans>
          </span>
        )}
      </p>
      <p className="muted">
        {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
        {contact.email && contact.phone && ' · '}
        {contact.phone}
        {' · '}
        {contact.language === 'en' ? t`writes in English` : t`writes in German`}
      </p>
      {/* The contact's own login (decision 0031). */}
      <p className="muted">
        {login === 'active' ? t`Login active` : login === 'invited' ? t`Invited to sign in` : t`No login`}
      </p>
      <div className="contact-actions">
        <button type="button" aria-label={t`Edit ${contact.name}`} onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
        {!contact.isDefault && (
          <button
            type="button"
            disabled={busy}
            aria-label={t`Make default: ${contact.name}`}
            onClick={() =>
              contacts.makeDefault.send({
                type: 'submission.submit',
                input: {
                  uuid: contact.uuid,
                  salutation: contact.salutation,
                  title: contact.title,
                  firstName: contact.firstName,
                  lastName: contact.lastName,
                  role: contact.role,
                  email: contact.email,
                  phone: contact.phone,
                  language: contact.language,
                  version: contact.version,
                },
              })
            }
          >
            <Trans>Make default</Trans>
          </button>
        )}
        {canInvite && contact.email && login !== 'active' && (
          <button
            type="button"
            disabled={inviting}
            aria-label={
              login === 'invited' ? t`Resend invitation: ${contact.name}` : t`Invite: ${contact.name}`
            }
            onClick={() => contacts.invite.send({ type: 'submission.submit', input: contact.uuid })}
          >
            {login === 'invited' ? <Trans>Resend invitation</Trans> : <Trans>Invite</Trans>}
          </button>
        )}
        <button
          type="button"
          className="button danger"
          aria-label={t`Remove ${contact.name}`}
          onClick={onRemove}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </div>
  );
}

/** The fields of a contact, for adding one and for editing one. */
function ContactFields({ form, idPrefix }: { form: FormActor; idPrefix: string }) {
  const { t } = useLingui();
  const { field } = useFormFields(form);
  const language = field('language');
  const salutation = field('salutation');
  return (
    <>
      <Select
        label={t`Salutation`}
        description={t`How the mail with candidates greets this person.`}
        selectedKey={salutation.value}
        onSelectionChange={(key) => salutation.onChange(String(key))}
        errorMessage={salutation.errorMessage}
        options={[
          { id: 'ms', label: t`Ms` },
          { id: 'mr', label: t`Mr` },
          { id: 'none', label: t`None (greeted by full name)` },
        ]}
      />
      <TextField
        id={`${idPrefix}-title`}
        {...field('title')}
        label={t`Academic title`}
        description={t`For example Dr. (optional)`}
      />
      <TextField id={`${idPrefix}-first-name`} {...field('firstName')} label={t`First name`} />
      <TextField id={`${idPrefix}-last-name`} {...field('lastName')} isRequired label={t`Last name`} />
      <TextField id={`${idPrefix}-role`} {...field('role')} label={t`Role`} />
      <TextField id={`${idPrefix}-email`} {...field('email')} type="email" label={t`E-mail`} />
      <TextField id={`${idPrefix}-phone`} {...field('phone')} type="tel" label={t`Phone`} />
      <Select
        label={t`Language of mails`}
        selectedKey={language.value}
        onSelectionChange={(key) => language.onChange(String(key))}
        errorMessage={language.errorMessage}
        options={[
          { id: 'de', label: 'Deutsch' },
          { id: 'en', label: 'English' },
        ]}
      />
    </>
  );
}

function NewContact({ contacts }: { contacts: ContactsLogic }) {
  const form = useActorRef(contacts.add, { input: {} });
  const { snapshot, submit } = useFormFields(form);
  return (
    <form className="form contact-form" onSubmit={submit} noValidate aria-labelledby="new-contact-title">
      <h3 id="new-contact-title">
        <Trans>Add a contact</Trans>
      </h3>
      <FormError code={snapshot.context.error} />
      {snapshot.matches('done') && (
        <p role="status">
          <Trans>The contact was added.</Trans>
        </p>
      )}
      <ContactFields form={form} idPrefix="new-contact" />
      <button type="submit" className="button" disabled={snapshot.hasTag('busy')}>
        <Trans>Add contact</Trans>
      </button>
    </form>
  );
}

function EditContact({
  contacts,
  contact,
  onDone,
}: {
  contacts: ContactsLogic;
  contact: Contact;
  onDone: () => void;
}) {
  const machine = useMemo(() => contacts.edit(contact.uuid), [contacts, contact.uuid]);
  const form = useActorRef(machine, { input: contactFormInput(contact) });
  const { snapshot, submit } = useFormFields(form);
  const id = `contact-${contact.uuid}`;
  return (
    <form className="form contact-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Trans>Edit contact</Trans>
      </h3>
      <FormError code={snapshot.context.error} />
      {snapshot.matches('done') && (
        <p role="status">
          <Trans>The contact was saved.</Trans>
        </p>
      )}
      <ContactFields form={form} idPrefix={id} />
      <button type="submit" className="button" disabled={snapshot.hasTag('busy')}>
        <Trans>Save contact</Trans>
      </button>{' '}
      <button type="button" onClick={onDone}>
        <Trans>Close</Trans>
      </button>
    </form>
  );
}
