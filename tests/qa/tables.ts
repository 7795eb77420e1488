import type { ModelTable } from '../support/model';
import type { QaTableResult } from './run-options';

/** A table as the QA files hold it, back as a ModelTable: enough to generate and measure paths. */
export function tableFromQa(t: Pick<QaTableResult, 'initial' | 'events' | 'rows'>): ModelTable {
  const states: ModelTable['states'] = {};
  for (const row of t.rows) {
    states[row.from] ??= {};
    (states[row.from] as ModelTable['states'][string])[row.event] = {
      target: row.target,
      ...(row.rule ? { rule: row.rule } : {}),
    };
  }
  return { initial: t.initial, events: t.events, states };
}
