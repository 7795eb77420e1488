import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PipelineStage, RejectedBy } from '../../../contract/pipeline';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { stageLabel } from '../components/pipeline-stages';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';

/** A move waiting for its reason (rejected, withdrawn), asked in a dialog before it is sent. */
export interface PendingMove {
  entries: string[];
  to: 'rejected' | 'withdrawn';
}

/** The bar of a selection of cards: the stages all of them may move to, and "clear". */
export function BulkBar({
  count,
  targets,
  onMove,
  onClear,
  disabled,
}: {
  count: number;
  targets: PipelineStage[];
  onMove: (to: PipelineStage) => void;
  onClear: () => void;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const [to, setTo] = useState<PipelineStage | null>(null);
  const target = to && targets.includes(to) ? to : null;
  return (
    <fieldset className="pipeline-bulk">
      <legend>{t`Move the selected candidates: ${count} selected`}</legend>
      <Select
        label={t`Move to`}
        selectedKey={target}
        onSelectionChange={(key) => setTo(key as PipelineStage)}
        options={targets.map((s) => ({ id: s, label: stageLabel(i18n, s) }))}
        isDisabled={targets.length === 0}
      />
      <Button isDisabled={disabled || target === null} onPress={() => target && onMove(target)}>
        <Trans>Move selected</Trans>
      </Button>
      <Button variant="secondary" onPress={onClear}>
        <Trans>Clear selection</Trans>
      </Button>
    </fieldset>
  );
}

/** Asks why before a move to rejected (who and why, required) or withdrawn (why, optional). */
export function ReasonDialog({
  pending,
  onClose,
  onConfirm,
}: {
  pending: PendingMove | null;
  onClose: () => void;
  onConfirm: (why: { by?: RejectedBy; reason?: string }) => void;
}) {
  const { t } = useLingui();
  const [by, setBy] = useState<RejectedBy>('client');
  const [reason, setReason] = useState('');
  const rejecting = pending?.to === 'rejected';
  const canConfirm = !rejecting || reason.trim() !== '';
  return (
    <Dialog
      title={rejecting ? t`Reject` : t`Withdrawn by the candidate`}
      isOpen={pending !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <form
        className="rac-dialog-body"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canConfirm) return;
          onConfirm(
            rejecting ? { by, reason: reason.trim() } : reason.trim() ? { reason: reason.trim() } : {},
          );
          setReason('');
        }}
      >
        {rejecting && (
          <Select
            label={t`Rejected by`}
            selectedKey={by}
            onSelectionChange={(key) => setBy(key as RejectedBy)}
            options={[
              { id: 'client', label: t`the client` },
              { id: 'agency', label: t`the agency` },
            ]}
          />
        )}
        <TextField
          label={rejecting ? t`Reason` : t`Reason (optional)`}
          value={reason}
          onChange={setReason}
          isRequired={rejecting}
          multiline
        />
        <div className="rac-dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={!canConfirm}>
            <Trans>Move</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
