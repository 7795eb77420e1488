import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import directions of STYLE.md are Biome rules (biome.json, noRestrictedImports overrides). Each
// case writes one file that breaks a rule into a scratch copy of the lint setup, and expects Biome to
// refuse it with that rule's message; the same file importing something allowed instead must pass.

const repo = resolve(import.meta.dirname, '..');
const biome = join(repo, 'node_modules', '.bin', 'biome');

interface Rule {
  name: string;
  file: string;
  /** An import the rule forbids from `file`. */
  bad: string;
  /** An import the same file may have. */
  good: string;
  /** A fragment of the rule's message. */
  message: string;
}

const ONLY_MACHINES_CALL_API = 'only machines call src/api';
const FEATURES = 'A ui feature imports another only through src/ui/components/';

const RULES: Rule[] = [
  {
    name: 'ui feature -> api',
    file: 'src/ui/agents/rule-ui-api.tsx',
    bad: '../../api/agents',
    good: '../../machines/agents/agent-actors',
    message: ONLY_MACHINES_CALL_API,
  },
  {
    name: 'ui components -> api',
    file: 'src/ui/components/fields/rule-ui-api.tsx',
    bad: '../../../api/profile',
    good: '../../../machines/shared/city-search.machine',
    message: ONLY_MACHINES_CALL_API,
  },
  {
    name: 'ui shell -> api',
    file: 'src/ui/shell/rule-ui-api.tsx',
    bad: '../../api/client',
    good: '../../machines/shell/app-logic',
    message: ONLY_MACHINES_CALL_API,
  },
  {
    name: 'routes -> api',
    file: 'src/routes/_protected/_agent/rule-routes-api.tsx',
    bad: '../../../api/candidates',
    good: '../../../machines/candidates/candidate-actors',
    message: 'Routes get ready actors from a feature',
  },
  {
    name: 'machines -> ui',
    file: 'src/machines/agents/rule-machines-ui.ts',
    bad: '../../ui/agents/agent-list',
    good: '../../api/agents',
    message: 'Machines know nothing of screens or routes',
  },
  {
    name: 'machines -> routes',
    file: 'src/machines/shell/rule-machines-routes.ts',
    bad: '../../routes/-redirect-search',
    good: '../session/token',
    message: 'Machines know nothing of screens or routes',
  },
  {
    name: 'api -> machines',
    file: 'src/api/rule-api-machines.ts',
    bad: '../machines/session/session-bridge',
    good: '../../contract/session',
    message: 'src/api is one typed function per server call',
  },
  {
    name: 'api -> ui',
    file: 'src/api/rule-api-ui.ts',
    bad: '../ui/components/error-message',
    good: './client',
    message: 'src/api is one typed function per server call',
  },
  {
    name: 'contract -> src',
    file: 'contract/rule-contract-src.ts',
    bad: '../src/api/client',
    good: './errors',
    message: 'contract/ is shared by client and server',
  },
  {
    name: 'contract -> server',
    file: 'contract/rule-contract-server.ts',
    bad: '../server/db/client',
    good: './session',
    message: 'contract/ is shared by client and server',
  },
  {
    name: 'server -> src',
    file: 'server/jobs/rule-server-src.ts',
    bad: '../../src/api/jobs',
    good: '../../contract/job',
    message: 'The server shares only contract/ with the client',
  },
  {
    name: 'ui feature -> another ui feature',
    file: 'src/ui/candidates/rule-feature.tsx',
    bad: '../jobs/reasons',
    good: '../components/score-bar',
    message: FEATURES,
  },
  {
    name: 'ui feature -> the shell (the app frame)',
    file: 'src/ui/agents/rule-feature-shell.tsx',
    bad: '../shell/header',
    good: './agent-list',
    message: FEATURES,
  },
];

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'import-rules-'));
  // The repo's lint setup, outside git: the scratch copy has no .gitignore to read.
  const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `file` importing `from` into the scratch copy and lints it: exit status and messages. */
function lint(file: string, from: string) {
  const path = join(scratch, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `import * as module from '${from}';\n\nexport const imported = module;\n`);
  const run = spawnSync(biome, ['lint', '--reporter=github', file], { cwd: scratch, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('import rules (biome.json)', () => {
  it.each(RULES)(
    '$name: refused with its message; an allowed import passes',
    ({ file, bad, good, message }) => {
      const refused = lint(file, bad);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain('lint/style/noRestrictedImports');
      expect(refused.output).toContain(message);

      const allowed = lint(file, good);
      expect(allowed.output).not.toContain('noRestrictedImports');
      expect(allowed.status).toBe(0);
    },
  );

  it('lets the shell, the app frame, mount a feature', () => {
    const frame = lint('src/ui/shell/rule-frame.tsx', '../public/landing');
    expect(frame.output).not.toContain('noRestrictedImports');
    expect(frame.status).toBe(0);
  });
});
