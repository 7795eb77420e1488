import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

/** One JavaScript chunk of the build and what loads with it. */
export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for (a route split is `src/routes/x.tsx?tsr-split=…`), relative to the root. */
  facade: string | null;
  /** Chunks loaded before this one runs (modulepreloaded for the entry). */
  imports: string[];
  /** Chunks it may load later with `import()`. */
  dynamicImports: string[];
  /**
   * The app's own modules in the chunk (not node_modules'), relative to the root: rolldown names no
   * facade for a chunk that is only ever loaded with `import()` beside others (src/api/keys.ts).
   */
  modules?: string[];
  /** A worker's script (src/intl-warmup.worker.ts, started by the boot script): no chunk imports it. */
  worker?: true;
}

/** Where the build leaves its chunk graph for `scripts/chunk-sizes.ts` (outside dist/: it is not served). */
export const CHUNK_GRAPH = 'reports/build/chunk-graph.json';

/** The JavaScript chunks of a bundle as graph nodes, their modules relative to `root`. */
export function chunkNodes(bundle: OutputBundle, root: string): ChunkNode[] {
  const chunks: ChunkNode[] = [];
  for (const output of Object.values(bundle)) {
    // Vite emits a worker's script, built on its own, as an asset of the bundle.
    if (output.type === 'asset' && /\.worker-[\w-]+\.js$/.test(output.fileName)) {
      chunks.push({
        fileName: output.fileName,
        isEntry: false,
        facade: null,
        imports: [],
        dynamicImports: [],
        worker: true,
      });
      continue;
    }
    if (output.type !== 'chunk') continue;
    chunks.push({
      fileName: output.fileName,
      isEntry: output.isEntry,
      facade: output.facadeModuleId ? relative(root, output.facadeModuleId) : null,
      imports: output.imports,
      dynamicImports: output.dynamicImports,
      modules: output.moduleIds
        .filter((id) => !id.includes('node_modules') && !id.startsWith('\0'))
        .map((id) => relative(root, id)),
    });
  }
  return chunks;
}

/** Records the build's chunk graph, so that a script can say what a page loads before it is usable. */
export function chunkGraph(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matchwerk-chunk-graph',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const chunks = chunkNodes(bundle, config.root);
      const target = join(config.root, CHUNK_GRAPH);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
