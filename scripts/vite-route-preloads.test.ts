import { describe, expect, it } from 'vitest';
import type { ChunkNode } from './vite-chunk-graph';
import { routeChain, routePattern, routePreloads } from './vite-route-preloads';

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  isEntry = false,
): ChunkNode => ({
  fileName,
  isEntry,
  facade,
  imports,
  dynamicImports: [],
});

/** A build as the chunk graph records it: the entry, the app, a protected layout and two tables. */
const GRAPH: ChunkNode[] = [
  chunk('assets/index.js', 'src/boot.ts', ['assets/styles.js'], true),
  chunk('assets/styles.js', null),
  chunk('assets/main.js', 'src/main.tsx', ['assets/framework.js']),
  chunk('assets/framework.js', null),
  chunk('assets/_protected.js', 'src/routes/_protected.tsx?tsr-split=component', ['assets/dialog.js']),
  chunk('assets/dialog.js', null),
  chunk('assets/stellas.js', 'src/routes/_protected/_agent/stellas.index.tsx?tsr-split=loader---component', [
    'assets/list.js',
  ]),
  chunk('assets/stellas-error.js', 'src/routes/_protected/_agent/stellas.index.tsx?tsr-split=errorComponent'),
  chunk('assets/list.js', null, ['assets/framework.js']),
  chunk('assets/view.js', 'src/routes/_protected/_agent/stellas.view.$uuid.tsx?tsr-split=component'),
  // Rolldown names no facade for the key set's chunk (it shares it with jose): found by its module.
  { ...chunk('assets/keys.js', null), modules: ['src/api/keys.ts'] },
  // The Intl worker's script: loaded by the worker itself, never as a module preload.
  { ...chunk('assets/intl.worker.js', null), worker: true },
  chunk('assets/preload.js', 'src/machines/shell/signed-in-preload.ts'),
  chunk('assets/login.js', 'src/routes/login.tsx?tsr-split=component'),
];
const ROUTES = [
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/login.tsx',
  'src/routes/_protected.tsx',
  'src/routes/_protected/_agent.tsx',
  'src/routes/_protected/_agent/stellas.index.tsx',
  'src/routes/_protected/_agent/stellas.view.$uuid.tsx',
];

describe('the build’s list of what each address preloads', () => {
  it('reads an address from TanStack’s file names: layouts without a path, index, parameters', () => {
    expect(routePattern('src/routes/_protected/_agent/stellas.index.tsx')).toBe('^/stellas/?$');
    expect(routePattern('src/routes/_protected/_agent/matchingJobResultDetail.$jobUuid.$uuid.tsx')).toBe(
      '^/matchingJobResultDetail/[^/]+/[^/]+/?$',
    );
    expect(routePattern('src/routes/index.tsx')).toBe('^/$');
  });

  it('matches the root, the layouts and the route itself, where their files exist', () => {
    expect(routeChain('src/routes/_protected/_agent/stellas.index.tsx', new Set(ROUTES))).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_protected.tsx',
      'src/routes/_protected/_agent.tsx',
      'src/routes/_protected/_agent/stellas.index.tsx',
    ]);
  });

  it('preloads the app, the layouts’ and the route’s chunks with theirs, and the session’s check, not the entry', () => {
    const list = routePreloads(GRAPH, ROUTES);
    const stellas = list.find((p) => p.pattern === '^/stellas/?$');
    expect(stellas?.files).toEqual([
      'assets/main.js',
      'assets/framework.js',
      'assets/_protected.js',
      'assets/dialog.js',
      'assets/stellas.js',
      'assets/list.js',
      'assets/keys.js',
      'assets/preload.js',
    ]);
    expect(list.flatMap((p) => p.files)).not.toContain('assets/intl.worker.js');
    // A page that is not signed in loads no session check; layouts are no addresses.
    expect(list.find((p) => p.pattern === '^/login/?$')?.files).toEqual([
      'assets/main.js',
      'assets/framework.js',
      'assets/login.js',
    ]);
    expect(list.map((p) => p.pattern)).not.toContain('^/protected/?$');
    // Static addresses before those with a parameter.
    expect(list.at(-1)?.pattern).toBe('^/stellas/view/[^/]+/?$');
  });

  it('preloads the route’s own modules its loader imports (`-name.tsx`), not other lazy chunks', () => {
    const graph: ChunkNode[] = [
      ...GRAPH,
      {
        ...chunk('assets/dashboard.js', 'src/routes/_protected/dashboard.tsx?tsr-split=loader---component'),
        dynamicImports: ['assets/for-agents.js', 'assets/for-candidates.js', 'assets/dialog-lazy.js'],
      },
      chunk('assets/for-agents.js', 'src/routes/_protected/-dashboard-agent.tsx', ['assets/board.js']),
      chunk('assets/board.js', null),
      chunk('assets/for-candidates.js', 'src/routes/_protected/-dashboard-candidate.tsx'),
      chunk('assets/dialog-lazy.js', 'src/ui/components/confirm-dialog.tsx'),
    ];
    const list = routePreloads(graph, [
      ...ROUTES,
      'src/routes/_protected/dashboard.tsx',
      'src/routes/_protected/-dashboard-agent.tsx',
      'src/routes/_protected/-dashboard-candidate.tsx',
    ]);
    // The route's own modules are no addresses.
    expect(list.map((p) => p.pattern).filter((pattern) => pattern.includes('-dashboard'))).toEqual([]);
    const files = list.find((p) => p.pattern === '^/dashboard/?$')?.files ?? [];
    expect(files).toEqual(
      expect.arrayContaining(['assets/for-agents.js', 'assets/board.js', 'assets/for-candidates.js']),
    );
    expect(files).not.toContain('assets/dialog-lazy.js');
  });

  it('names the modules of one kind of user (`-dashboard-agent.tsx`) and what only they import for that kind alone', () => {
    const graph: ChunkNode[] = [
      ...GRAPH,
      {
        ...chunk('assets/dashboard.js', 'src/routes/_protected/dashboard.tsx?tsr-split=loader---component'),
        dynamicImports: ['assets/for-agents.js', 'assets/for-companies.js', 'assets/for-candidates.js'],
      },
      chunk('assets/for-agents.js', 'src/routes/_protected/-dashboard-agent.tsx', [
        'assets/board.js',
        'assets/framework.js',
      ]),
      chunk('assets/board.js', null, ['assets/menu.js']),
      chunk('assets/menu.js', null),
      chunk('assets/for-companies.js', 'src/routes/_protected/-dashboard-company.tsx', [
        'assets/menu.js',
        'assets/dialog.js',
      ]),
      chunk('assets/for-candidates.js', 'src/routes/_protected/-dashboard-candidate.tsx'),
    ];
    const list = routePreloads(graph, [...ROUTES, 'src/routes/_protected/dashboard.tsx']);
    const dashboard = list.find((p) => p.pattern === '^/dashboard/?$');
    expect(dashboard?.audiences).toEqual({
      'assets/for-agents.js': ['agent'],
      'assets/board.js': ['agent'],
      // Imported by two kinds' parts: for both.
      'assets/menu.js': ['agent', 'company'],
      'assets/for-companies.js': ['company'],
      'assets/for-candidates.js': ['candidate'],
    });
    // What the layouts load already (the dialog, the framework) is for everyone.
    expect(dashboard?.files).toEqual(expect.arrayContaining(['assets/dialog.js', 'assets/framework.js']));
    expect(Object.keys(dashboard?.audiences ?? {})).not.toContain('assets/dialog.js');
    for (const file of Object.keys(dashboard?.audiences ?? {})) expect(dashboard?.files).toContain(file);
    // A page without such modules names no audiences.
    expect(list.find((p) => p.pattern === '^/stellas/?$')?.audiences).toBeUndefined();
  });
  it('preloads a layout’s own module for one kind of user (`-protected-agent.tsx`) on every page under it, for that kind', () => {
    const graph: ChunkNode[] = GRAPH.map((node) =>
      node.fileName === 'assets/_protected.js'
        ? { ...node, dynamicImports: ['assets/agent-shell.js'] }
        : node,
    );
    graph.push(
      chunk('assets/agent-shell.js', 'src/routes/-protected-agent.tsx', [
        'assets/search.js',
        'assets/dialog.js',
      ]),
      chunk('assets/search.js', null),
    );
    const list = routePreloads(graph, ROUTES);
    for (const pattern of ['^/stellas/?$', '^/stellas/view/[^/]+/?$']) {
      const page = list.find((p) => p.pattern === pattern);
      expect(page?.files).toEqual(expect.arrayContaining(['assets/agent-shell.js', 'assets/search.js']));
      // The dialog the layout imports itself is for everyone.
      expect(page?.audiences).toEqual({ 'assets/agent-shell.js': ['agent'], 'assets/search.js': ['agent'] });
    }
    // A page outside the layout does not load it at all.
    expect(list.find((p) => p.pattern === '^/login/?$')?.files).not.toContain('assets/agent-shell.js');
  });

  it('preloads what the first render needs first, the modules drawn after it (`-results-below.tsx`) last', () => {
    const graph: ChunkNode[] = [
      ...GRAPH,
      {
        ...chunk('assets/results.js', 'src/routes/_protected/_agent/results.$job.tsx?tsr-split=component', [
          'assets/list.js',
        ]),
        dynamicImports: ['assets/below.js'],
      },
      chunk('assets/below.js', 'src/routes/_protected/_agent/-results-below.tsx', [
        'assets/drag.js',
        'assets/list.js',
      ]),
      chunk('assets/drag.js', null),
    ].map((node) =>
      node.fileName === 'assets/_protected.js'
        ? { ...node, dynamicImports: ['assets/agent-shell.js'] }
        : node,
    );
    graph.push(chunk('assets/agent-shell.js', 'src/routes/-protected-agent.tsx', ['assets/search.js']));
    graph.push(chunk('assets/search.js', null));
    const files =
      routePreloads(graph, [...ROUTES, 'src/routes/_protected/_agent/results.$job.tsx']).find(
        (p) => p.pattern === '^/results/[^/]+/?$',
      )?.files ?? [];
    // The key set and the agent's shell (what the layout's loader waits for) before the board's code.
    expect(files.slice(-2)).toEqual(['assets/below.js', 'assets/drag.js']);
    expect(files.indexOf('assets/keys.js')).toBeLessThan(files.indexOf('assets/below.js'));
    expect(files.indexOf('assets/agent-shell.js')).toBeLessThan(files.indexOf('assets/below.js'));
    // What the results need themselves stays where the first render needs it, once.
    expect(files.filter((name) => name === 'assets/list.js')).toHaveLength(1);
    expect(files.indexOf('assets/list.js')).toBeLessThan(files.indexOf('assets/below.js'));
  });
});
