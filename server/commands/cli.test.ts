import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client';
import { text, textOrNull, uuidOrNull } from '../db/rows';
import { DEMO_PASSWORD } from '../demo/seed';
import { createTestApp } from '../http/test-app';
import { databaseLocation } from '../runtime';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], input = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'test' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('operator commands', () => {
  it('agent:create makes an agent who can log in; refuses a second one, bad types and short passwords', async () => {
    const password = 'Harbour-Desk-Secret-2026';
    expect(
      cli(
        ['agent:create', '--email', 'Ops@Matchwerk.example', '--type', 'senior_agent', '--password-stdin'],
        `${password}\n`,
      ),
    ).toMatchObject({ code: 0, out: 'agent ops@matchwerk.example (senior_agent) created\n' });
    expect(
      cli(['agent:create', '--email', 'ops@matchwerk.example', '--password-stdin'], `${password}\n`).code,
    ).toBe(1);
    expect(
      cli(
        ['agent:create', '--email', 'x@matchwerk.example', '--type', 'company', '--password-stdin'],
        `${password}\n`,
      ).code,
    ).toBe(2);
    expect(
      cli(['agent:create', '--email', 'x@matchwerk.example', '--password-stdin'], 'short\n'),
    ).toMatchObject({ code: 2 });
    expect(
      cli(
        ['agent:create', '--email', 'desk@matchwerk.example', '--password-stdin'],
        'my-desk-password-2026\n',
      ).err,
    ).toContain('must not contain the e-mail address');
    expect(cli(['agent:create', '--mail', 'x'], '').code).toBe(2);

    const db = await openDatabase(databaseLocation({ dataDir, databaseUrl: undefined }));
    try {
      const { app } = await createTestApp(db);
      const login = async (pw: string) =>
        (
          await app.request('/api/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ops@matchwerk.example', password: pw, locale: 'de' }),
          })
        ).status;
      expect(await login(password)).toBe(200);
      expect(await login(DEMO_PASSWORD)).toBe(401);
    } finally {
      await db.close();
    }
    // Six processes that each open and migrate the database: slow on a loaded machine.
  }, 120_000);

  it('keys:rotate publishes a next key and names when it signs', () => {
    const result = cli(['keys:rotate']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^published key \S+; it signs from \S+ \(in 10 minutes\)/);
  });

  it('retention prints what it would do with --dry-run, does it without, and refuses a bad --now', async () => {
    expect(cli(['db:migrate']).code).toBe(0);
    const db = await openDatabase(databaseLocation({ dataDir, databaseUrl: undefined }));
    try {
      await db.db.execute(
        sql`insert into users (id, email, password_hash, user_type, registration_step, created_at, last_login_at)
            values (${crypto.randomUUID()}, 'old@matchwerk.example', 'x', 'stella', 0,
                    '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z')`,
      );
    } finally {
      await db.close();
    }
    const dry = cli(['retention', '--now', '2026-01-01T00:00:00Z', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^notice {2}account \S+ \(stella\) last active 2020-01-01T00:00:00\.000Z/m);
    expect(dry.out).toContain('would: 1 notice(s), 0 deletion(s)');
    const done = cli(['retention', '--now', '2026-01-01T00:00:00Z']);
    expect(done.out).toContain('did: 1 notice(s), 0 deletion(s)');
    // The notice went out: 31 days later the account is deleted.
    expect(cli(['retention', '--now', '2026-02-01T00:00:00Z']).out).toContain(
      'did: 0 notice(s), 1 deletion(s)',
    );
    expect(cli(['retention', '--now', 'yesterday']).code).toBe(2);
  }, 180_000); // four processes, each opening the data directory

  it("profile:delete shows what goes without --yes, deletes with it (recorded as the operator's), refuses bad input", async () => {
    expect(cli(['db:migrate']).code).toBe(0);
    const profile = crypto.randomUUID();
    const db = await openDatabase(databaseLocation({ dataDir, databaseUrl: undefined }));
    try {
      await db.db.execute(
        sql`insert into profiles (id, type, "values", contact_email)
            values (${profile}, 'stella', '{"first_name":"Erika","last_name":"Eraser"}'::jsonb, 'erika@mail.example')`,
      );
    } finally {
      await db.close();
    }
    const dry = cli(['profile:delete', '--email', 'Erika@Mail.example']);
    expect(dry).toMatchObject({ code: 0 });
    expect(dry.out).toContain(`candidate ${profile} "Erika Eraser" <erika@mail.example>`);
    expect(dry.out).toContain('pipeline entries: 0');
    expect(dry.out).toContain('dry run: nothing deleted');
    expect(cli(['profile:delete', '--email', 'erika@mail.example', '--reason', 'bored', '--yes']).code).toBe(
      2,
    );
    expect(cli(['profile:delete', '--uuid', 'nope']).code).toBe(2);
    expect(cli(['profile:delete']).code).toBe(2);
    expect(cli(['profile:delete', '--email', 'nobody@mail.example']).code).toBe(1);
    const done = cli(['profile:delete', '--uuid', profile, '--yes']);
    expect(done.out).toContain('deleted (reason erasure_request)');
    expect(cli(['profile:delete', '--uuid', profile]).code).toBe(1);
    const after = await openDatabase(databaseLocation({ dataDir, databaseUrl: undefined }));
    try {
      expect(
        await queryRows(after.db, sql`select 1 from profiles where id = ${profile}`, v.object({})),
      ).toEqual([]);
      expect(
        await queryRows(
          after.db,
          sql`select kind, reason, by, agent_id from erasures`,
          v.object({ kind: text, reason: textOrNull, by: textOrNull, agent_id: uuidOrNull }),
        ),
      ).toEqual([{ kind: 'candidate', reason: 'erasure_request', by: 'operator', agent_id: null }]);
    } finally {
      await after.close();
    }
  }, 180_000); // several processes, each opening the data directory

  it('lists the commands and refuses an unknown one with exit code 2', () => {
    const result = cli(['nope']);
    expect(result.code).toBe(2);
    expect(result.out).toContain('agent:create');
    expect(result.out).toContain('keys:rotate');
  });
});
