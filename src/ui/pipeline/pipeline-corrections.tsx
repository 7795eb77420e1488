import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PipelineEntry, PipelineOpenStage } from '../../../contract/pipeline';
import { offeredCorrections } from '../../machines/pipeline/pipeline-entry.machine';
import { Button } from '../components/button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { stageLabel } from '../components/pipeline-stages';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';

/** What a card's menu asked for besides a move: a correction or a removal, confirmed in a dialog. */
export type PendingChange = { kind: 'correct' | 'remove'; entry: PipelineEntry };

/**
 * "Correct stage" (issue 42): an earlier stage the entry machine offers (`offeredCorrections`) and a
 * reason, both required; the timeline keeps the reason.
 */
export function CorrectDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: PipelineEntry | null;
  onClose: () => void;
  onConfirm: (to: PipelineOpenStage, reason: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [to, setTo] = useState<PipelineOpenStage | null>(null);
  const [reason, setReason] = useState('');
  const targets = entry ? offeredCorrections(entry) : [];
  const target = to && targets.includes(to) ? to : null;
  const canConfirm = target !== null && reason.trim() !== '';
  const close = () => {
    setTo(null);
    setReason('');
    onClose();
  };
  return (
    <Dialog
      title={t`Correct the stage of ${entry?.profile.name || t`Unnamed candidate`}`}
      isOpen={entry !== null}
      onOpenChange={(open) => !open && close()}
    >
      <form
        className="rac-dialog-body"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canConfirm || !target) return;
          onConfirm(target, reason.trim());
          close();
        }}
      >
        <p>
          {t`Now: ${entry ? stageLabel(i18n, entry.stage) : ''}`}.{' '}
          <Trans>The correction and its reason stay on the timeline.</Trans>
        </p>
        <Select
          label={t`Correct to`}
          selectedKey={target}
          onSelectionChange={(key) => setTo(key as PipelineOpenStage)}
          options={targets.map((s) => ({ id: s, label: stageLabel(i18n, s) }))}
        />
        <TextField label={t`Reason`} value={reason} onChange={setReason} isRequired multiline />
        <div className="rac-dialog-actions">
          <Button variant="secondary" onPress={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={!canConfirm}>
            <Trans>Correct stage</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Remove from pipeline": confirmed, with an optional reason; the timelines keep the entry's history. */
export function RemoveDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: PipelineEntry | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const name = entry?.profile.name || t`Unnamed candidate`;
  return (
    <ConfirmDialog
      title={t`Remove ${name} from the pipeline?`}
      isOpen={entry !== null}
      onOpenChange={(open) => {
        if (open) return;
        setReason('');
        onClose();
      }}
      consequences={
        <>
          <p>
            <Trans>
              The candidate leaves this job's board. The history of the entry stays on the timelines; added
              again, the candidate starts as proposed.
            </Trans>
          </p>
          <TextField label={t`Reason (optional)`} value={reason} onChange={setReason} multiline />
        </>
      }
      confirmLabel={t`Remove from pipeline`}
      onConfirm={() => onConfirm(reason.trim())}
    />
  );
}
