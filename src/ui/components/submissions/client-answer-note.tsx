import { Trans } from '@lingui/react/macro';
import type { PipelineEntry } from '../../../../contract/pipeline';

/**
 * What the client said about a candidate sent to it (issue 21 point 5), on the card of the agent's
 * board: "Kunde: interessiert" with the comment, or "Kunde: kein Interesse"; nothing while the
 * entry was not sent or awaits the answer. A rejection's comment is the entry's reason already.
 */
export function ClientAnswerNote({ entry }: { entry: PipelineEntry }) {
  const answer = entry.client?.answer;
  if (!answer) return null;
  const comment = answer === 'interested' ? entry.client?.comment : null;
  return (
    <span className="pipeline-client-answer">
      <span className={`badge client-answer-${answer}`}>
        {answer === 'interested' ? <Trans>Client: interested</Trans> : <Trans>Client: not interested</Trans>}
      </span>
      {comment && <span className="muted"> {comment}</span>}
    </span>
  );
}
