import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { MAX_SEND_NOTE } from '../../../../contract/submissions';
import type { SendToClientActor } from '../../../machines/submissions/send-to-client.machine';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { Dialog } from '../dialog';
import { errorMessage } from '../error-message';
import { RetryAlert } from '../retry-alert';
import { Select } from '../select';
import { TextField } from '../text-field';

/**
 * "An Kunden senden" (issue 21): the button that opens the dialog for the ticked candidates, and the
 * dialog itself — the client's contact (the default chosen), the mail's preview in the contact's
 * language with the agent's optional personal line after the salutation (issue 42), sending. The
 * results page and the pipeline board both show it over their own selection.
 */
export function SendToClient({ sending, client }: { sending: SendToClientActor; client: string | null }) {
  const { t, i18n } = useLingui();
  const state = useSelector(sending, (s) => s);
  const { selected, contacts, contact, note, noteError, preview, sent, error } = state.context;
  const max = i18n.number(MAX_SEND_NOTE);
  const busy = state.hasTag('busy');
  const close = () => sending.send({ type: 'send.close' });
  const languageName = (language: string) =>
    new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(language) ?? language;
  return (
    <div className="send-to-client">
      <button
        type="button"
        className="button"
        disabled={!state.can({ type: 'send.open', client })}
        onClick={() => sending.send({ type: 'send.open', client })}
      >
        <Trans>Send to client ({selected.length})</Trans>
      </button>
      {client === null && (
        <span className="muted">
          {' '}
          <Trans>This job has no client company to send candidates to.</Trans>
        </span>
      )}
      <Dialog
        title={t`Send candidates to the client`}
        isOpen={state.matches('open')}
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        <div className="rac-dialog-body send-dialog" aria-busy={busy}>
          {state.matches({ open: 'loading' }) && <p role="status">{t`Loading the contacts…`}</p>}
          {state.matches({ open: 'loadFailed' }) && (
            <RetryAlert code={error} onRetry={() => sending.send({ type: 'send.retry' })} />
          )}
          {(state.matches({ open: 'choosing' }) || state.matches({ open: 'previewing' })) && (
            <>
              <p>
                <Trans>
                  Their cards go as PDF attachments of one mail, anonymised unless you choose the full card of
                  a candidate who consented to be presented by name:
                </Trans>
              </p>
              <ul>
                {selected.map((c) => (
                  <li key={c.uuid}>
                    {c.name}
                    {c.consented && (
                      <Checkbox
                        isSelected={c.full === true}
                        isDisabled={!state.matches({ open: 'choosing' })}
                        onChange={(full) => sending.send({ type: 'send.full', candidate: c.uuid, full })}
                      >
                        {t`Full card with the name`}
                      </Checkbox>
                    )}
                  </li>
                ))}
              </ul>
              {contacts.length === 0 ? (
                <p className="form-error" role="alert">
                  <Trans>The client has no contact yet: add one on the company's page.</Trans>
                </p>
              ) : (
                <Select
                  label={t`Contact`}
                  selectedKey={contact}
                  onSelectionChange={(key) => sending.send({ type: 'send.contact', contact: String(key) })}
                  options={contacts.map((c) => ({
                    id: c.uuid,
                    label: `${c.name}${c.role ? `, ${c.role}` : ''} (${languageName(c.language)})`,
                  }))}
                />
              )}
              <TextField
                multiline
                label={t`Personal line (optional)`}
                description={t`Appears in the mail after the salutation; at most ${max} characters.`}
                value={note}
                isDisabled={!state.matches({ open: 'choosing' })}
                onChange={(value) => sending.send({ type: 'send.note', note: value })}
                errorMessage={noteError ? errorMessage(i18n, noteError) : undefined}
              />
            </>
          )}
          {(state.matches({ open: 'previewed' }) || state.matches({ open: 'sending' })) && preview && (
            <section aria-labelledby="send-preview-title" lang={preview.language}>
              <h3 id="send-preview-title">
                <Trans>Preview</Trans>
              </h3>
              <p>
                <Trans>To:</Trans> {preview.to.name} &lt;{preview.to.email}&gt;
              </p>
              <p>
                <Trans>Subject:</Trans> <strong>{preview.subject}</strong>
              </p>
              {/* Scrolls when long: focusable so that keyboard users can scroll it (axe scrollable-region-focusable). */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus */}
              <pre className="mail-preview" tabIndex={0}>
                {preview.text}
              </pre>
              <p>
                <Trans>Attachments:</Trans>
              </p>
              <ul>
                {preview.attachments.map((a) => (
                  <li key={a.candidate}>{a.fileName}</li>
                ))}
              </ul>
            </section>
          )}
          {state.matches({ open: 'sent' }) && sent && (
            <p role="status">
              <Trans>
                The mail to {sent.to.name} with {sent.attachments.length} cards is on its way.
              </Trans>
            </p>
          )}
          {error && !state.matches({ open: 'loadFailed' }) && (
            <p className="form-error" role="alert">
              {errorMessage(i18n, error)}
            </p>
          )}
        </div>
        <div className="rac-dialog-actions">
          {state.matches({ open: 'sent' }) ? (
            <Button onPress={close}>
              <Trans>Close</Trans>
            </Button>
          ) : (
            <Button variant="secondary" isDisabled={state.matches({ open: 'sending' })} onPress={close}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          {state.can({ type: 'send.back' }) && (
            <Button variant="secondary" onPress={() => sending.send({ type: 'send.back' })}>
              <Trans>Back</Trans>
            </Button>
          )}
          {(state.matches({ open: 'choosing' }) || state.matches({ open: 'previewing' })) && (
            <Button
              isDisabled={!state.can({ type: 'send.preview' })}
              onPress={() => sending.send({ type: 'send.preview' })}
            >
              <Trans>Show the mail</Trans>
            </Button>
          )}
          {(state.matches({ open: 'previewed' }) || state.matches({ open: 'sending' })) && (
            <Button
              isDisabled={!state.can({ type: 'send.confirm' })}
              onPress={() => sending.send({ type: 'send.confirm' })}
            >
              <Trans>Send</Trans>
            </Button>
          )}
        </div>
      </Dialog>
    </div>
  );
}
