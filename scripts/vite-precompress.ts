import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats (images and fonts in woff2 are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map|ico)$/;
/** Below this a compressed copy saves less than a packet (the server sends the file as it is). */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) costs seconds per megabyte here; the few larger files (the password
 * meter's dictionaries, loaded on demand) get quality 9: 5–10 % larger, eight times faster.
 */
const MAX_QUALITY_BYTES = 384 * 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `file.br` (brotli, quality 11; 9 above 384 kB) and `file.gz` (gzip, level 9) beside every compressible
 * file of the build of at least 1 kB, and only where the copy is smaller. The server sends them
 * to clients that accept the encoding (serveStatic's `precompressed`): the best compression,
 * paid once at build time instead of on every request.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const source = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]:
                source.length <= MAX_QUALITY_BYTES ? constants.BROTLI_MAX_QUALITY : 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipAsync(source, { level: 9 }),
        ]);
        totals.files += 1;
        totals.raw += source.length;
        if (br.length < source.length) {
          await writeFile(`${path}.br`, br);
          totals.br += br.length;
        }
        if (gz.length < source.length) {
          await writeFile(`${path}.gz`, gz);
          totals.gz += gz.length;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** The Vite side: runs after the bundle (and every emitted asset) is on disk; build only. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matchwerk-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // Last and alone: the prerender plugin rewrites the HTML files in its own closeBundle, and a
    // compressed copy of an HTML file written before that would be stale.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const dir = join(config.root, config.build.outDir);
        const t = await precompressDir(dir);
        const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
        config.logger.info(
          `precompressed ${t.files} files: ${kb(t.raw)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`,
        );
      },
    },
  };
}
