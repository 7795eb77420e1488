import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INLINE_COMMON_CHUNKS } from './vite-inline-chunks';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Top-level state: a `let`, a new Map/Set/WeakMap/WeakSet, a React context, an actor or store. */
const STATE =
  /^(export )?(let |(const|var) \w+(: [^=]+)? = (new (Map|Set|WeakMap|WeakSet|EventTarget)\b|createContext\b|createActor\b|createStore\b))/m;

/** Modules whose top-level state may exist twice: read-only tables, caches, the entry. */
const HARMLESS: Record<string, string> = {
  'src/boot.ts': 'the entry: one copy, never inlined into another chunk',
  'src/ui/components/format.ts': 'a read-only set of country codes',
  'src/ui/components/fields/catalog-field.tsx': 'a read-only set of field types',
  'src/ui/components/password-strength.tsx': 'a cache of the loaded scorer: a second copy loads it again',
  'src/ui/agents/global-search.tsx': 'a cache of the combobox module: a second copy imports the same module',
  'src/ui/jobs/reasons.tsx': 'a cache of Intl.DisplayNames per language: a second copy builds its own',
  'contract/endpoint-list.ts': 'a read-only map of the route table by method and path',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('copying small shared chunks into their importers (vite.config.ts)', () => {
  it('never copies a module whose top-level state must exist once', () => {
    const stateful = [...sources(join(root, 'src')), ...sources(join(root, 'contract'))]
      .filter((file) => STATE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file).replaceAll('\\', '/'));
    // The scan finds what it must (a context, the registry, a cache): it would pass on an empty list.
    expect(stateful).toEqual(
      expect.arrayContaining([
        'src/ui/components/app-context.tsx',
        'src/machines/shared/resource.machine.ts',
        'src/ui/components/password-strength.tsx',
      ]),
    );
    const copied = stateful.filter(
      (file) => !HARMLESS[file] && !INLINE_COMMON_CHUNKS.exclude.some((pattern) => pattern.test(file)),
    );
    expect(copied, 'modules with top-level state that the build may copy into several chunks').toEqual([]);
  });

  it('keeps all of node_modules uncopied (react-aria creates its contexts at module level)', () => {
    expect(
      INLINE_COMMON_CHUNKS.exclude.some((pattern) => pattern.test('node_modules/react-aria/dist/x.mjs')),
    ).toBe(true);
  });
});
