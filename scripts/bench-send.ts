// `npm run bench:send [-- --sends N]`: sending 20 candidates' cards in one mail (issue 21): the
// whole POST /api/job/{uuid}/send — checks, 20 PDFs rendered, the mail with its attachments queued
// and both timelines written in one transaction — against a migrated PGlite database in this process
// (server time, no network). Prints every send's time, p50 and the slowest, against the goal of
// 3 s, with the load average it was measured under.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MAX_SEND_CANDIDATES, type SendResult } from '../contract/submissions';
import { queryRows } from '../server/db/client';
import { intOrNull } from '../server/db/rows';
import { agentJobBody, createJobFixture } from '../server/http/job-test-kit';

const { values: args } = parseArgs({ options: { sends: { type: 'string' } } });
const sends = Number(args.sends ?? 10);
const GOAL_MS = 3000;

const f = await createJobFixture({ profiles: MAX_SEND_CANDIDATES });
try {
  const company = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into users (id, email, password_hash, user_type, registration_step)
        values (${company}, 'bench@send.test', 'x', 'company', 0)`,
  );
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${company}, ${company}, '{"name":"Bench GmbH"}'::jsonb)`,
  );
  const contactRes = await f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, {
    name: 'Jana Schmidt',
    email: 'jana@bench.example',
    language: 'de',
  });
  const contact = ((await contactRes.json()) as { uuid: string }).uuid;
  const job = await f.createJob({ ...agentJobBody('Lagerfachkraft'), client: company });
  const candidates = f.profiles.slice(0, MAX_SEND_CANDIDATES).map((p) => p.uuid);

  const times: number[] = [];
  let bytes = 0;
  // One send first to warm up (catalogue cache, fonts, JIT); not counted.
  for (let i = 0; i <= sends; i++) {
    const started = performance.now();
    const res = await f.call('POST', `/api/job/${job.uuid}/send`, f.tokens.agent, { contact, candidates });
    const elapsed = performance.now() - started;
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    const sent = (await res.json()) as SendResult;
    if (sent.attachments.length !== MAX_SEND_CANDIDATES) throw new Error('not every card was attached');
    if (i > 0) times.push(elapsed);
  }
  const [row] = await queryRows(
    f.db.db,
    sql`select sum(octet_length(content))::bigint as bytes from outbox_attachments a
        where a.outbox_id = (select id from outbox order by created_at desc limit 1)`,
    v.object({ bytes: intOrNull }),
  );
  bytes = Number(row?.bytes ?? 0);
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const max = sorted.at(-1)!;
  const fmt = (x: number) => `${(x / 1000).toFixed(2)} s`;
  console.log(
    `send ${MAX_SEND_CANDIDATES} cards in one mail (PGlite, in process), ${sends} sends after one warm-up`,
  );
  console.log(`  every send: ${times.map(fmt).join(', ')}`);
  console.log(
    `  p50 ${fmt(p50)}, slowest ${fmt(max)} (goal ≤ ${fmt(GOAL_MS)}): ${max <= GOAL_MS ? 'met' : 'MISSED'}`,
  );
  console.log(`  attachments of one mail: ${(bytes / 1024).toFixed(0)} KiB for ${MAX_SEND_CANDIDATES} PDFs`);
  console.log(
    `  load average while measured (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
  if (max > GOAL_MS) process.exitCode = 1;
} finally {
  await f.close();
}
