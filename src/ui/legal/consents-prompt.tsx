import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ConsentsActor } from '../../machines/legal/consents.machine';
import { Button } from '../components/button';
import { Checkbox } from '../components/checkbox';
import { Dialog } from '../components/dialog';
import { errorMessage } from '../components/error-message';
import { legalTitle, legalVersionDate } from '../components/legal-titles';

/**
 * New terms (PRODUCT.md §6): the texts to accept again, each readable in a new tab, a box to tick,
 * and the two ways on — accept, or log out. It cannot be closed otherwise. Mounted by ./consents-gate.tsx
 * while the consents machine asks.
 */
export function ConsentsPrompt({ actor }: { actor: ConsentsActor }) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const { pending, agreed, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const changed = pending.some((c) => c.acceptedVersion !== null);
  return (
    <Dialog
      title={changed ? t`Our terms have changed` : t`Please accept our terms`}
      isOpen
      onOpenChange={() => {}}
      role="alertdialog"
      dismissable={false}
    >
      <div className="rac-dialog-body">
        <p>
          {changed ? (
            <Trans>To go on using Matchwerk, please read and accept the new versions of these texts:</Trans>
          ) : (
            <Trans>To go on using Matchwerk, please read and accept these texts:</Trans>
          )}
        </p>
        <ul className="consent-list">
          {pending.map((c) => {
            const dated = legalVersionDate(c.currentVersion, i18n.locale);
            return (
              <li key={c.name}>
                <a href={`/legal/${c.name}`} target="_blank" rel="noopener">
                  {legalTitle(i18n, c.name)}
                </a>{' '}
                <span className="muted">
                  <Trans>(version of {dated}, opens in a new tab)</Trans>
                </span>
              </li>
            );
          })}
        </ul>
        {error && (
          <p className="form-error" role="alert">
            {errorMessage(i18n, error)}
          </p>
        )}
        <Checkbox
          isSelected={agreed}
          isDisabled={busy}
          onChange={(value) => actor.send({ type: 'consents.agree', agreed: value })}
        >
          <Trans>I have read these texts and accept them.</Trans>
        </Checkbox>
      </div>
      <div className="rac-dialog-actions">
        <Button
          variant="secondary"
          isDisabled={busy}
          onPress={() => actor.send({ type: 'consents.decline' })}
        >
          <Trans>Log out</Trans>
        </Button>
        <Button
          isDisabled={!snapshot.can({ type: 'consents.accept' })}
          onPress={() => actor.send({ type: 'consents.accept' })}
        >
          {busy ? <Trans>Saving…</Trans> : <Trans>Accept and continue</Trans>}
        </Button>
      </div>
    </Dialog>
  );
}
