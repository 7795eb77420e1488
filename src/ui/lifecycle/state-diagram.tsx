import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type DiagramNode, isStage, type MachineDiagram, stageFlow } from './machine-graph';

export interface StateDiagramProps {
  /** Any machine's definition, read by `machineDiagram()` (registration, job, pipeline …). */
  diagram: MachineDiagram;
  /** The drawing's name, read out for the list of stages. */
  title: string;
  /** A stage's name in words, in the user's language (by node id: keys repeat across levels). */
  label: (node: DiagramNode) => string;
  /** The state node ids the user is in; the stage holding them is marked "you are here". */
  here?: string[];
  /** How many things are in a stage now (by node id), with what they are: "12 jobs". */
  counts?: Record<string, ReactNode>;
  /** Counts still loading: the drawing says so (aria-busy) and keeps what it shows. */
  busy?: boolean;
}

/**
 * Draws any machine for people: its stages (isStage: the states its definition marks in `meta`, in
 * the order it writes them), stages inside a stage nested in its box, each with where it leads next
 * (stageFlow, from the transitions), a count when given, and "you are here". Boxes are HTML, so long
 * names wrap inside them at any width instead of running out of a fixed-size drawing.
 */
export function StateDiagram({ diagram, title, label, here = [], counts = {}, busy }: StateDiagramProps) {
  const { i18n } = useLingui();
  const stages = diagram.nodes.filter(isStage);
  const byId = new Map(diagram.nodes.map((node) => [node.id, node]));
  const flow = stageFlow(diagram);
  /** The nearest stage above a node (undefined: a stage at the top). */
  const enclosing = (node: DiagramNode): string | undefined => {
    for (let at = byId.get(node.parent); at; at = byId.get(at.parent)) if (isStage(at)) return at.id;
    return undefined;
  };
  const inside = (parent: string | undefined) => stages.filter((stage) => enclosing(stage) === parent);
  const list = new Intl.ListFormat(i18n.locale, { type: 'disjunction' });
  const nameOf = (id: string) => {
    const node = byId.get(id);
    return node ? label(node) : id;
  };
  const holdsHere = (stage: DiagramNode) =>
    here.some((id) => id === stage.id || id.startsWith(`${stage.id}.`));

  const renderStages = (parent: string | undefined, level: number) => (
    <ol
      className={level === 0 ? 'stage-diagram' : 'stage-diagram nested'}
      aria-label={level === 0 ? title : undefined}
    >
      {inside(parent).map((stage) => {
        const next = flow.get(stage.id) ?? [];
        const current = holdsHere(stage) && !inside(stage.id).some(holdsHere);
        return (
          <li
            key={stage.id}
            className={['stage', holdsHere(stage) ? 'here' : '', stage.final ? 'final' : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={current ? 'step' : undefined}
          >
            <span className="stage-head">
              <span className="stage-name">{label(stage)}</span>
              {counts[stage.id] !== undefined && <span className="stage-count">{counts[stage.id]}</span>}
            </span>
            {current && (
              <span className="stage-here">
                <Trans>You are here</Trans>
              </span>
            )}
            {next.length > 0 && (
              <span className="stage-next">
                <Trans>Then: {list.format(next.map(nameOf))}</Trans>
              </span>
            )}
            {inside(stage.id).length > 0 && renderStages(stage.id, level + 1)}
          </li>
        );
      })}
    </ol>
  );

  return (
    <div className="stage-diagram-frame" aria-busy={busy || undefined}>
      {renderStages(undefined, 0)}
    </div>
  );
}
