import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { edgeId } from './generators';
import { REQUIREMENTS } from './requirements';
import { type QaFile, type QaTableResult, qaSlug, replayCommand } from './run-options';

/*
 * reports/qa/index.html: one self-contained page (no script, no network) with, per machine, the graph
 * of each table (its rows as arrows, coloured by the last run: passed, failed, not crossed), the paths
 * with their steps and results, and the requirement table (rule → rows → paths → result).
 *
 * The graph is laid out here in layers (a state's column is its distance from the initial state)
 * rather than by a layout library: the tables have at most a few dozen states, and the report
 * must open from disk without loading anything.
 */

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

type EdgeState = 'passed' | 'failed' | 'uncovered';

/** Each row's outcome in the last run: failed if a failing path failed on it, passed if a passing path crossed it. */
function edgeStates(table: QaTableResult): Map<string, EdgeState> {
  const out = new Map<string, EdgeState>();
  for (const row of table.rows) out.set(edgeId(row.from, row.event, row.target), 'uncovered');
  for (const path of table.paths) {
    const failedAt =
      path.status === 'failed' ? (path.failure?.step ?? path.steps.length - 1) : Number.POSITIVE_INFINITY;
    path.steps.forEach((step, i) => {
      const id = edgeId(step.from, step.event, step.target);
      if (i === failedAt) out.set(id, 'failed');
      else if (i < failedAt && out.get(id) !== 'failed') out.set(id, 'passed');
    });
  }
  return out;
}

const NODE_H = 28;
const COL_GAP = 90;
const ROW_GAP = 22;
const charWidth = 7;

/** The table's graph as SVG, laid out in layers by distance from the initial state. */
export function tableSvg(table: QaTableResult): string {
  const states = edgeStates(table);
  const rank = new Map<string, number>([[table.initial, 0]]);
  const queue = [table.initial];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    for (const row of table.rows.filter((r) => r.from === at)) {
      if (!rank.has(row.target)) {
        rank.set(row.target, (rank.get(at) ?? 0) + 1);
        queue.push(row.target);
      }
    }
  }
  // States no row leads to (unreachable) get a column of their own at the end.
  const last = Math.max(0, ...rank.values()) + 1;
  for (const row of table.rows) {
    for (const s of [row.from, row.target]) if (!rank.has(s)) rank.set(s, last);
  }
  const columns: string[][] = Array.from({ length: Math.max(...rank.values()) + 1 }, () => []);
  for (const [state, r] of rank) columns[r]?.push(state);
  const width = (s: string) => Math.max(60, s.length * charWidth + 20);
  const colWidth = columns.map((c) => Math.max(...(c ?? []).map(width)));
  const pos = new Map<string, { x: number; y: number; w: number }>();
  let x = 20;
  columns.forEach((col, i) => {
    (col ?? []).forEach((state, j) => {
      pos.set(state, { x, y: 40 + j * (NODE_H + ROW_GAP * 2), w: width(state) });
    });
    x += (colWidth[i] ?? 60) + COL_GAP;
  });
  const height = 80 + Math.max(...columns.map((c) => (c ?? []).length)) * (NODE_H + ROW_GAP * 2);
  const parts: string[] = [];
  table.rows.forEach((row, i) => {
    const a = pos.get(row.from);
    const b = pos.get(row.target);
    if (!a || !b) return;
    const state = states.get(edgeId(row.from, row.event, row.target)) ?? 'uncovered';
    let d: string;
    let lx: number;
    let ly: number;
    if (row.from === row.target) {
      const cx = a.x + a.w / 2;
      d = `M${cx - 10},${a.y} C${cx - 30},${a.y - 34} ${cx + 30},${a.y - 34} ${cx + 10},${a.y}`;
      lx = cx;
      ly = a.y - 30 - (i % 3) * 9;
    } else if (b.x > a.x) {
      const sx = a.x + a.w;
      const sy = a.y + NODE_H / 2;
      const tx = b.x;
      const ty = b.y + NODE_H / 2;
      d = `M${sx},${sy} C${sx + COL_GAP / 2},${sy} ${tx - COL_GAP / 2},${ty} ${tx},${ty}`;
      lx = (sx + tx) / 2;
      ly = (sy + ty) / 2 - 4 - (i % 3) * 9;
    } else {
      // Back (or same column): below the boxes.
      const sx = a.x + a.w / 2;
      const tx = b.x + b.w / 2;
      const base = Math.max(a.y, b.y) + NODE_H;
      const dip = base + 24 + (i % 4) * 8;
      d = `M${sx},${a.y + NODE_H} C${sx},${dip} ${tx},${dip} ${tx},${b.y + NODE_H}`;
      lx = (sx + tx) / 2;
      ly = dip - 4;
    }
    parts.push(
      `<g class="edge ${state}"><title>${esc(`${row.from} --${row.event}--> ${row.target}${row.rule ? ` [${row.rule}]` : ''}: ${state}`)}</title><path d="${d}" marker-end="url(#arrow-${state})"/><text x="${lx}" y="${ly}">${esc(row.event)}</text></g>`,
    );
  });
  for (const [state, p] of pos) {
    parts.push(
      `<g class="node${state === table.initial ? ' initial' : ''}"><rect x="${p.x}" y="${p.y}" width="${p.w}" height="${NODE_H}" rx="6"/><text x="${p.x + p.w / 2}" y="${p.y + NODE_H / 2 + 4}">${esc(state)}</text></g>`,
    );
  }
  const markers = (['passed', 'failed', 'uncovered'] as const)
    .map(
      (s) =>
        `<marker id="arrow-${s}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path class="head ${s}" d="M0,0 L10,5 L0,10 z"/></marker>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(`${table.name}: ${table.rows.length} rows`)}" width="${x}" height="${height}" viewBox="0 0 ${x} ${height}"><defs>${markers}</defs>${parts.join('')}</svg>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2330;max-width:1400px}
h1{font-size:24px}h2{font-size:20px;margin-top:40px;border-top:1px solid #d5d9e0;padding-top:16px}h3{font-size:16px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d5d9e0;padding:4px 8px;text-align:left;vertical-align:top}
.graph{overflow-x:auto;border:1px solid #d5d9e0;border-radius:6px;background:#fafbfc}
.node rect{fill:#fff;stroke:#5b6475}.node.initial rect{stroke-width:2.5;stroke:#1d2330}.node text{text-anchor:middle;font-size:12px}
.edge path{fill:none;stroke-width:1.4}.edge text{font-size:10px;text-anchor:middle}
.edge.passed path{stroke:#1a7f37}.edge.failed path{stroke:#cf222e;stroke-width:2.5}.edge.uncovered path{stroke:#8c959f;stroke-dasharray:4 3}
.edge.failed text{fill:#cf222e;font-weight:bold}.edge.uncovered text{fill:#6e7781}
.head.passed{fill:#1a7f37}.head.failed{fill:#cf222e}.head.uncovered{fill:#8c959f}
.passed-t{color:#1a7f37}.failed-t{color:#cf222e;font-weight:bold}.uncovered-t,.not-run-t{color:#6e7781}
code{background:#f0f2f5;padding:1px 4px;border-radius:3px}details{margin:2px 0}summary{cursor:pointer}
.legend span{margin-right:16px}
.shot img{border:1px solid #d5d9e0;border-radius:4px;margin:4px 0 8px;max-width:100%;height:auto}
`;

/** Writes the report and returns its path. `tables` (the dump) names machines the last run left out. */
export function writeReport(results: QaFile[], tables: QaFile[], file: string): string {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const r of results) byName.set(r.name, r);
  const machines = [...byName.values()].sort((a, b) => qaSlug(a.name).localeCompare(qaSlug(b.name)));
  const sections = machines.map((m) => machineSection(m, dirname(file)));
  const requirementRows = REQUIREMENTS.map((req) => {
    const rows = machines.flatMap((m) =>
      m.tables.flatMap((t) =>
        t.rows.filter((r) => r.rule === req.id).map((r) => ({ m, t, id: edgeId(r.from, r.event, r.target) })),
      ),
    );
    const paths = rows.flatMap(({ t, id }) =>
      t.paths.filter((p) => p.steps.some((s) => edgeId(s.from, s.event, s.target) === id)),
    );
    const unique = [...new Set(paths)];
    const result =
      rows.length === 0
        ? 'no row checks it'
        : unique.length === 0
          ? 'not run'
          : unique.some((p) => p.status === 'failed')
            ? 'failed'
            : 'passed';
    const cls = result === 'passed' ? 'passed-t' : result === 'failed' ? 'failed-t' : 'not-run-t';
    return `<tr><td>${esc(req.id)}</td><td>${esc(req.text)}</td><td>${rows.length === 0 ? '–' : `<details><summary>${rows.length} rows</summary>${rows.map((r) => `${esc(qaSlug(r.m.name))}: <code>${esc(r.id)}</code>`).join('<br>')}</details>`}</td><td>${unique.length}</td><td class="${cls}">${esc(result)}</td></tr>`;
  });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Matchwerk QA: model-based paths</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><h1>Matchwerk QA: model-based paths</h1>
<p>The machines of <code>src/machines</code> replayed along paths of their expectation tables (<code>npm run qa</code>, docs/testing.md). Written ${esc(new Date().toISOString())}.</p>
<p class="legend"><span class="passed-t">— passed</span><span class="failed-t">— failed</span><span class="uncovered-t">- - not crossed</span></p>
<h2 id="machines">Machines</h2>
<table><thead><tr><th>machine</th><th>generator, seed</th><th>paths passed</th><th>rows crossed</th><th>machine transitions taken</th></tr></thead><tbody>
${machines.map((m) => summaryRow(m)).join('\n')}
</tbody></table>
<h2 id="requirements">Requirements</h2>
<table><thead><tr><th>rule</th><th>says</th><th>rows</th><th>paths</th><th>result</th></tr></thead><tbody>
${requirementRows.join('\n')}
</tbody></table>
${sections.join('\n')}
</body></html>
`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  return file;
}

function summaryRow(m: QaFile): string {
  // A browser run's paths with a step a browser cannot give were not walked: not counted as failed.
  const all = m.tables.flatMap((t) => t.paths);
  const paths = all.filter((p) => !p.skipped);
  const passed = paths.filter((p) => p.status === 'passed').length;
  const rows = m.tables.reduce((n, t) => n + t.rows.length, 0);
  const crossed = m.tables.reduce(
    (n, t) => n + [...edgeStates(t).values()].filter((s) => s !== 'uncovered').length,
    0,
  );
  const taken = m.machines.reduce((n, x) => n + x.taken.length, 0);
  const defined = m.machines.reduce((n, x) => n + x.transitions.length, 0);
  const cls = paths.length === 0 ? 'not-run-t' : passed === paths.length ? 'passed-t' : 'failed-t';
  return `<tr><td><a href="#m-${esc(qaSlug(m.name))}">${esc(qaSlug(m.name))}</a></td><td>${m.dump ? 'not run' : `<code>${esc(m.generator)}</code>, ${m.seed}${m.browser ? ', in Chromium' : ''}`}</td><td class="${cls}">${passed}/${paths.length}${all.length > paths.length ? ` (${all.length - paths.length} not walkable in a browser)` : ''}</td><td>${crossed}/${rows}</td><td>${m.dump || m.browser ? '–' : `${taken}/${defined}`}</td></tr>`;
}

/** A browser step's screenshot beside it: a thumbnail that opens the full picture. */
const shot = (href: string, alt: string) =>
  `<br><a class="shot" href="${esc(href)}"><img src="${esc(href)}" alt="${esc(alt)}" width="320" loading="lazy"></a>`;

/** A screenshot's address from the report's folder (relative: the report opens from disk, anywhere). */
const linkTo = (dir: string, file: string) =>
  relative(dir, file).split(sep).map(encodeURIComponent).join('/');

function machineSection(m: QaFile, dir: string): string {
  const tables = m.tables
    .map((t) => {
      const paths = t.paths
        .map((p) => {
          const cls = p.status === 'passed' ? 'passed-t' : p.status === 'failed' ? 'failed-t' : 'not-run-t';
          const steps = p.steps
            .map(
              (s, i) =>
                `<li${p.failure?.step === i ? ' class="failed-t"' : ''}>in <code>${esc(s.from)}</code>: <b>${esc(s.event)}</b> → <code>${esc(s.target)}</code>${s.rule ? ` <small>[${esc(s.rule)}]</small>` : ''}${s.looked === false ? ' <small>(busy: not looked at)</small>' : ''}${s.screenshot ? shot(linkTo(dir, s.screenshot), `path ${p.index}, step ${i + 1}: ${s.target}`) : ''}</li>`,
            )
            .join('');
          const failure = p.failure
            ? `<p class="failed-t">${esc(p.failure.what)}: expected <code>${esc(JSON.stringify(p.failure.expected))}</code>, observed <code>${esc(JSON.stringify(p.failure.observed))}</code></p>${m.browser ? `<p><code>${esc(p.failure.message)}</code></p>` : ''}<p>replay: <code>${esc(replayCommand(qaSlug(m.name), m.generator, m.seed, p.index, m.tables.length > 1 ? t.name : undefined, m.browser))}</code></p>`
            : p.skipped
              ? `<p class="not-run-t">not walked in the browser: ${esc(p.skipped)}</p>`
              : '';
          return `<details${p.status === 'failed' ? ' open' : ''}><summary><span class="${cls}">${esc(p.status)}</span> path ${p.index}: ${esc(p.name)} (${p.steps.length} steps)</summary><ol>${steps}</ol>${failure}</details>`;
        })
        .join('\n');
      return `<h3>${esc(t.name)}</h3><div class="graph">${tableSvg(t)}</div>${paths || '<p>No path of the last run.</p>'}`;
    })
    .join('\n');
  const where = m.browser ? `, in Chromium against ${esc(m.browser.base ?? 'an instance of its own')}` : '';
  return `<h2 id="m-${esc(qaSlug(m.name))}">${esc(qaSlug(m.name))}</h2><p><code>${esc(m.file)}</code>${m.dump ? ' — not run yet' : ` — ${esc(m.generator)}, seed ${m.seed}${where}, ${esc(m.finishedAt)}`}</p>${tables}`;
}
