// Prints the gzipped size of each JavaScript chunk of the build (after `vite build`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../dist/assets', import.meta.url));
const rows = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const bytes = readFileSync(join(assets, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
process.stdout.write(`\n${'chunk'.padEnd(56)}${'raw'.padStart(10)}${'gzip'.padStart(10)}\n`);
for (const r of rows) process.stdout.write(`${r.name.padEnd(56)}${kb(r.raw)}${kb(r.gzip)}\n`);
const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), {
  raw: 0,
  gzip: 0,
});
process.stdout.write(`${'total'.padEnd(56)}${kb(total.raw)}${kb(total.gzip)}\n`);
