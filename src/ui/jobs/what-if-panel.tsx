import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FieldDefinition } from '../../../contract/catalog';
import type { Language } from '../../../contract/user-types';
import type { JobPreviewActor } from '../../machines/jobs/job-preview.machine';
import { Button } from '../components/button';
import { errorMessage } from '../components/error-message';
import { formatScore } from '../components/format';
import { Histogram } from './histogram';

/**
 * The live what-if: who takes part, what each must-have excludes, how the scores spread. Beside the
 * editor from 768 px; below that it sticks to the bottom of the screen as a compact summary (who takes
 * part, how many the must-haves keep out) that opens to the full panel, so a moved weight shows at once.
 */
export function WhatIf({ preview, fields }: { preview: JobPreviewActor; fields: FieldDefinition[] }) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(preview, (s) => s);
  // Only how the panel is shown on a phone: no request state.
  const [open, setOpen] = useState(false);
  const result = snapshot.context.result;
  const language = i18n.locale as Language;
  // Who passes the target groups but not every must-have.
  const excluded =
    result && Object.keys(result.excludedBy).length > 0 ? result.considered - result.included : 0;
  return (
    <aside
      className="what-if"
      aria-labelledby="what-if-title"
      aria-busy={snapshot.hasTag('busy')}
      data-open={open}
    >
      <div className="what-if-head">
        <h2 id="what-if-title">
          <Trans>What if</Trans>
        </h2>
        {result && (
          <Button
            variant="secondary"
            className="what-if-toggle"
            aria-expanded={open}
            aria-controls="what-if-details"
            onPress={() => setOpen(!open)}
          >
            {open ? t`Fewer details` : t`All details`}
          </Button>
        )}
      </div>
      {!result && !snapshot.matches('failed') && (
        <p className="muted">
          <Trans>Choose target groups and criteria to see who would take part.</Trans>
        </p>
      )}
      {snapshot.matches('failed') && (
        <p className="form-error" role="alert">
          {errorMessage(i18n, snapshot.context.error ?? 'network.unreachable')}{' '}
          <button type="button" className="button" onClick={() => preview.send({ type: 'preview.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {result && (
        <div role="status">
          <p className="what-if-summary">
            {t`${plural(result.considered, {
              one: `${result.included} of # candidate takes part.`,
              other: `${result.included} of # candidates take part.`,
            })}`}
            {excluded > 0 && (
              <>
                {' '}
                <span className="what-if-excluded">
                  {t`${plural(excluded, { one: 'Must-haves exclude # candidate.', other: 'Must-haves exclude # candidates.' })}`}
                </span>
              </>
            )}
          </p>
          <div className="what-if-details" id="what-if-details">
            {Object.entries(result.excludedBy).length > 0 && (
              <ul>
                {Object.entries(result.excludedBy).map(([key, count]) => {
                  const name = fields.find((f) => f.key === key)?.label[language] ?? key;
                  return (
                    <li key={key}>
                      <Trans>
                        {name} excludes {count}
                      </Trans>
                    </li>
                  );
                })}
              </ul>
            )}
            <Histogram bins={result.histogram} />
            {result.best.length > 0 && (
              <p className="muted">
                <Trans>Best score: {formatScore(i18n, result.best[0] ?? 0)}</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </aside>
  );
}
