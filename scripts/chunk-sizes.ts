// After `vite build`: the gzipped size of each JavaScript chunk, then the initial JavaScript of the
// prerendered pages — the entry chunk and every chunk it imports (dist/index.html modulepreloads
// them), and where the page starts the app at once, the app it loads after the first paint
// (src/main.tsx) with its imports and the route chunks the page loads before it is usable — against
// the target of issue 13 (≤ 110 kB gzip for `/`; the landing starts the app only on demand,
// src/boot.ts, docs/architecture.md, "Compression and first paint"). Exits with 1 when a page grows past its limit, so that the
// figure cannot creep up unseen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHUNK_GRAPH, type ChunkNode } from './vite-chunk-graph.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/**
 * The prerendered pages, the route files the router matches for each (root first), whether the page
 * starts the app at once (the landing does not for a visitor who is not signed in, src/boot.ts),
 * issue 13's target and the limit above which the build fails (the figure of this build plus a
 * little room).
 */
export const PAGES = [
  {
    path: '/',
    routes: ['src/routes/__root.tsx', 'src/routes/index.tsx'],
    startsApp: false,
    targetKb: 110,
    limitKb: 20,
  },
  {
    path: '/login',
    routes: ['src/routes/__root.tsx', 'src/routes/login.tsx'],
    startsApp: true,
    targetKb: 110,
    // 140 kB until the login's fields became react-aria's TextField (one component set): +13.5 kB;
    // 155 kB until the shell's Intl helper and the notice after logout (issue 22) added 0.4 kB;
    // 157 kB until the merges of 2026-11-24's last stop (the shell's one navigation, the loading
    // title, the route preloads' boot code) added 0.3 kB, not traced to one of them;
    // 162 kB since small shared chunks are copied into their importers (vite.config.ts, issue 22):
    // +3.5 kB of copies, in 17 files instead of 27 (161.2 kB with the shared date field merged);
    // 166 kB since the boot script starts its calls and preloads a few per task, the Intl worker, and
    // evaluates the app in three parts (issue 22): +0.5 kB of boot code, +0.5 kB of worker (off the
    // main thread), +2.6 kB of copies in the parts' chunks; +0.8 kB and 3 files as the dashboard's parts per user type moved react-aria's shared chunks: 166.1 kB in 24 files;
    // 176 kB since react-aria loads in three files instead of a dozen small ones (vite.config.ts,
    // issue 22): its form controls' file holds a switch and a checkbox the login does not use,
    // 174.5 kB in 17 files;
    // 174 kB since the switch is the browser's own input, as the checkbox is (issue 22): the form
    // controls' file lost react-aria's switch, 172.6 kB in 17 files;
    // 175 kB since issue 41's error codes (a client change with submissions in play, a candidate
    // sent to another client, a request's fixed client) have their messages: every code's message
    // ships with the login (src/ui/components/error-message.ts), 174.0 kB in 12 files.
    // 176 kB since issue 42's codes (pipeline undo and corrections, erasure, phone, a changed
    // registration address) have theirs: 175.4 kB in 12 files. The login needs a handful of them;
    // splitting the messages by page is the way back under 175.
    // 177 kB since the rest of issue 42 (follow-ups, contacts' salutations and logins, the SMS step's
    // countdown, the team) added its codes and the session's reload of the SMS cooldown: 176.6 kB in
    // 12 files, after the company page's search schema left client-answers.ts (-0.4 kB). The error
    // messages' map (code → catalogue id, ~2.5 kB) is the next thing to leave the login.
    // 179.5 kB since issue 43 put the login on the shared form machine (its own table of fields and
    // the hand-off to the session) and the calls on the route table (the table's call and its
    // entries, without their reference text: scripts/vite-route-docs.ts): 178.9 kB in 12 files.
    // Still the way back: the error messages' map leaves the login.
    // The resend cooldown as one child machine the session spawns (issue 43) went into app-core
    // beside it: 179.3 kB in 12 files.
    limitKb: 179.5,
  },
] as const;

export const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

/**
 * The chunks a page needs before it is usable: the entry and its imports, and for each matched route
 * its split chunks that hold the component or loader (error and not-found components load only then),
 * with theirs. The browser test tests/e2e/initial-js.test.ts checks the page loads nothing else.
 */
export function initialChunks(graph: ChunkNode[], routes: readonly string[], startsApp = true): string[] {
  const byName = new Map(graph.map((chunk) => [chunk.fileName, chunk]));
  const needed = new Set<string>();
  const add = (fileName: string) => {
    if (needed.has(fileName)) return;
    needed.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
  };
  for (const chunk of graph) if (chunk.isEntry) add(chunk.fileName);
  if (!startsApp) return [...needed];
  // The entry (src/boot.ts) loads the app (src/main.tsx) right after the first paint, and starts the
  // Intl worker at once.
  for (const chunk of graph) if (chunk.facade === 'src/main.tsx' || chunk.worker) add(chunk.fileName);
  for (const chunk of graph) {
    const [file, query] = (chunk.facade ?? '').split('?');
    const split = /tsr-split=([\w-]+)/.exec(query ?? '')?.[1]?.split('---') ?? [];
    if (routes.includes(file ?? '') && split.some((part) => part === 'component' || part === 'loader'))
      add(chunk.fileName);
  }
  return [...needed];
}

function main(): void {
  const assets = join(dist, 'assets');
  const rows = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const bytes = readFileSync(join(assets, name));
      return { name, raw: bytes.length / 1024, gzip: gzipKb(bytes) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  const kb = (n: number) => `${n.toFixed(1)} kB`.padStart(10);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`\n${'chunk'.padEnd(56)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
  for (const r of rows) out(`${r.name.padEnd(56)}${kb(r.raw)}${kb(r.gzip)}`);
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), {
    raw: 0,
    gzip: 0,
  });
  out(`${'total'.padEnd(56)}${kb(total.raw)}${kb(total.gzip)}`);

  const graph = JSON.parse(readFileSync(join(root, CHUNK_GRAPH), 'utf8')) as ChunkNode[];
  const size = new Map(rows.map((r) => [`assets/${r.name}`, r.gzip]));
  let over = false;
  out('\nInitial JavaScript (entry, its modulepreloads, the route chunks of the page), gzip:');
  for (const page of PAGES) {
    const chunks = initialChunks(graph, page.routes, page.startsApp);
    const sum = chunks.reduce((s, name) => s + (size.get(name) ?? 0), 0);
    over ||= sum > page.limitKb;
    out(
      `  ${page.path.padEnd(8)}${sum.toFixed(1).padStart(7)} kB in ${String(chunks.length).padStart(2)} files` +
        `  (target ${page.targetKb} kB: ${sum <= page.targetKb ? 'met' : 'not met'}; ` +
        `limit ${page.limitKb} kB: ${sum <= page.limitKb ? 'kept' : 'EXCEEDED'})`,
    );
  }
  if (over) {
    out("A page's initial JavaScript grew past its limit (scripts/chunk-sizes.ts).");
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
