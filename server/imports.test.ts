import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's module graph (every relative import, `import type` included, of the non-test files
 * under server/ and contract/): no import circle, and no domain module reaching into the HTTP layer.
 * Stands in for `madge --circular`, which the project does not install.
 */
const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec) continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target) found.push(target);
  }
  return found;
}

const files = [...sourceFiles(join(root, 'server')), ...sourceFiles(join(root, 'contract'))];
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const name = (file: string) => relative(root, file);

/** Every import circle, each as the list of modules along it (found by depth-first search). */
function cycles(): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) found.push([...stack.slice(stack.indexOf(next)), next].map(name));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return found;
}

describe('server module graph', () => {
  it('reads the imports it checks', () => {
    // A broken pattern would find no edges and pass the circle check trivially.
    expect(graph.get(join(root, 'server/app.ts'))?.map(name)).toContain('server/http/session.routes.ts');
    expect(graph.get(join(root, 'server/http/session.routes.ts'))?.map(name)).toContain(
      'server/http/route-adapter.ts',
    );
  });

  it('has no import circle (server/app.ts ↔ server/http/*.routes.ts was one)', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps the domain modules out of the HTTP layer (ApiError lives in server/errors.ts)', () => {
    const http = join(root, 'server/http');
    const offenders = files
      .filter((f) => !f.startsWith(http) && !/server\/(app|main)\.ts$/.test(f))
      .flatMap((f) =>
        (graph.get(f) ?? []).filter((t) => t.startsWith(http)).map((t) => `${name(f)} → ${name(t)}`),
      );
    expect(offenders).toEqual([]);
  });
});
