import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ResultItem } from '../../../contract/job';
import type { JobActor } from '../../machines/jobs/job-lifecycle.machine';
import type { SendToClientActor } from '../../machines/submissions/send-to-client.machine';
import { Checkbox } from '../components/checkbox';
import { SendToClient } from '../components/submissions/send-to-client-dialog';

/** "Send to client (n)" over the ticked results, to the job's client company (issue 21). */
export function SendSelection({ sending, job }: { sending: SendToClientActor; job: JobActor }) {
  const client = useSelector(job, (s) => s.context.job?.client?.uuid ?? null);
  return <SendToClient sending={sending} client={client} />;
}

/**
 * A result row's tick for sending. Each row reads its own tick from the selection, so a tick redraws
 * its row and not the table (issue 43).
 */
export function SendTick({ sending, item }: { sending: SendToClientActor; item: ResultItem }) {
  const { t } = useLingui();
  const selected = useSelector(sending, (s) => s.context.selected.some((c) => c.uuid === item.uuid));
  return (
    <Checkbox
      isSelected={selected}
      onChange={(next) =>
        sending.send({
          type: 'send.toggle',
          candidate: { uuid: item.uuid, name: item.name, consented: item.presentedByName === true },
          selected: next,
        })
      }
    >
      <span className="visually-hidden">{t`Select ${item.name}`}</span>
    </Checkbox>
  );
}
