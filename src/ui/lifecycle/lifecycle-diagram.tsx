import { useId } from 'react';
import type { MachineDiagram } from './machine-graph';

const ROW = 38;
const BOX_HEIGHT = 28;
const LEFT = 46;
const BOX_WIDTH = 236;
const INDENT = 16;

export interface LifecycleDiagramProps {
  diagram: MachineDiagram;
  /** The drawing's title (read out as the figure's name). */
  title: string;
  /** The state node ids the user is in (a compound state and its active child). */
  here: string[];
  /** A state's name in words. */
  label: (key: string) => string;
}

/**
 * A machine's states top to bottom in the order it defines them; transitions downwards are arcs on the
 * right, transitions back (retry, change, error) dashed arcs on the left. "You are here" is filled.
 */
export function LifecycleDiagram({ diagram, title, here, label }: LifecycleDiagramProps) {
  const markerId = `lc-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const row = new Map(diagram.nodes.map((node, index) => [node.id, index]));
  const y = (index: number) => 12 + index * ROW + BOX_HEIGHT / 2;
  const drawn = diagram.edges.filter(
    (edge) => row.has(edge.source) && row.has(edge.target) && edge.source !== edge.target,
  );
  const pairs = [...new Map(drawn.map((edge) => [`${edge.source}>${edge.target}`, edge])).values()];
  const height = 24 + diagram.nodes.length * ROW;
  return (
    <svg
      className="lifecycle-svg"
      viewBox={`0 0 ${LEFT + BOX_WIDTH + 96} ${height}`}
      role="img"
      aria-label={title}
    >
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 8 8"
          refX="7"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0 8 4 0 8z" className="lc-arrow" />
        </marker>
      </defs>
      {pairs.map((edge) => {
        const from = row.get(edge.source) ?? 0;
        const to = row.get(edge.target) ?? 0;
        const forward = to > from;
        const reach = Math.min(86, 14 + Math.abs(to - from) * 9);
        const x = forward ? LEFT + BOX_WIDTH : LEFT;
        const bend = forward ? x + reach : x - Math.min(40, reach);
        const y1 = y(from) + (forward ? 4 : -4);
        const y2 = y(to) + (forward ? -4 : 4);
        return (
          <path
            key={`${edge.source}>${edge.target}`}
            d={`M${x} ${y1} C${bend} ${y1} ${bend} ${y2} ${x + (forward ? 2 : -2)} ${y2}`}
            className={forward ? 'lc-edge' : 'lc-edge back'}
            markerEnd={`url(#${markerId})`}
          />
        );
      })}
      {diagram.nodes.map((node, index) => {
        const indent = node.depth * INDENT;
        const classes = ['lc-node', node.busy ? 'busy' : '', here.includes(node.id) ? 'here' : '']
          .filter(Boolean)
          .join(' ');
        return (
          <g key={node.id} className={classes} transform={`translate(${LEFT + indent} ${12 + index * ROW})`}>
            <rect width={BOX_WIDTH - indent} height={BOX_HEIGHT} rx={node.final ? 14 : 6} />
            <text x="10" y="18.5">
              {label(node.key)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
