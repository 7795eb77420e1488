// The agent's attention counts (GET /api/agent/attention, server/pipeline/attention.ts) at the scale
// of bench:agents, on a scratch database of TEST_DATABASE_URL: 100 000 candidates with accounts
// (created over the last ~69 days, a quarter assigned), 10 000 companies, 1 000 jobs with done runs,
// 50 000 pipeline entries, a registration event per candidate and an agent's note on every tenth.
// Prints the counts, p50 / max of 30 calls of the one statement, and what each part costs (EXPLAIN
// ANALYZE). Run: TEST_DB=postgres TEST_DATABASE_URL=postgres://… node --import tsx scripts/bench-attention.ts
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client';
import { PlanRow } from '../server/db/rows';
import { createTestDb } from '../server/db/test-db';
import { attentionCounts } from '../server/pipeline/attention';

const t = await createTestDb();
const db = t.db;
const agent = crypto.randomUUID();
await db.execute(
  sql`insert into users (id, email, password_hash, user_type, registration_step) values (${agent}, 'a@b.test', 'x', 'agent', 0)`,
);
// 100 000 candidates with accounts, created over the last ~69 days (as bench:agents); 10 000 companies; 1 000 jobs.
for (let b = 0; b < 100000; b += 1000) {
  await db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
  select md5('u'||g)::uuid, 'u'||g||'@bench.test', 'x', (array['luna','stella','nova'])[1 + g % 3], 0 from generate_series(${b + 1}::int, ${b + 1000}::int) g`);
  await db.execute(sql`insert into profiles (id, user_id, type, "values", created_at, updated_at, assigned_agent_id)
  select md5('p'||g)::uuid, md5('u'||g)::uuid, (array['luna','stella','nova'])[1 + g % 3], jsonb_build_object('first_name','N'||g),
    now() - make_interval(mins => g), now() - make_interval(mins => g), case when g % 4 = 0 then ${agent}::uuid end
  from generate_series(${b + 1}::int, ${b + 1000}::int) g`);
}
await db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
  select md5('cu'||g)::uuid, 'c'||g||'@bench.test', 'x', 'company', 0 from generate_series(1, 10000) g`);
await db.execute(sql`insert into companies (id, user_id, "values", created_at)
  select md5('c'||g)::uuid, md5('cu'||g)::uuid, jsonb_build_object('name','Firma '||g), now() - make_interval(hours => g) from generate_series(1, 10000) g`);
await db.execute(sql`insert into jobs (id, origin, status, created_by, assigned_agent_id, "values", criteria_changed_at)
  select md5('j'||g)::uuid, case when g % 5 = 0 then 'company' else 'agent' end, case when g % 5 = 1 then 'archived' else 'active' end,
    ${agent}::uuid, case when g % 20 = 0 then ${agent}::uuid when g % 5 = 0 and g % 3 = 0 then null else null end,
    jsonb_build_object('title','Job '||g), now() - interval '1 day' from generate_series(1, 1000) g`);
await db.execute(sql`insert into job_runs (id, job_id, job_version, state, started_at, finished_at)
  select md5('r'||g)::uuid, md5('j'||g)::uuid, 0, 'done', now() - make_interval(days => g % 3), now() - make_interval(days => g % 3) from generate_series(1, 1000) g`);
// 50 000 pipeline entries over the jobs, a fifth submitted, some answered.
for (let b = 0; b < 50000; b += 2500)
  await db.execute(sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, submitted_at, client_answered_at, client_answer, follow_up)
  select md5('e'||g)::uuid, md5('j'||(2 + g % 999))::uuid, md5('p'||g)::uuid,
    case when g % 5 = 0 then 'submitted' else 'proposed' end, case when g % 5 = 0 then 'submitted' else 'proposed' end,
    case when g % 5 = 0 then now() - make_interval(days => g % 9) end,
    case when g % 45 = 0 then now() - interval '1 day' end, case when g % 45 = 0 then 'interested' end,
    case when g % 7 = 0 then (now() - make_interval(days => g % 20 - 10))::date end
  from generate_series(${b + 1}::int, ${b + 2500}::int) g`);
// Timeline: a registered event for every profile, an agent's note on every tenth.
for (let b = 0; b < 64; b++)
  await db.execute(
    sql`insert into timeline_entries (id, profile_id, kind, action) select gen_random_uuid(), id, 'event', 'registered' from profiles where abs(hashtext(id::text)) % 64 = ${b}`,
  );
for (let b = 0; b < 8; b++)
  await db.execute(sql`insert into timeline_entries (id, profile_id, kind, text, author_id, author_email)
  select gen_random_uuid(), id, 'note', 'x', ${agent}::uuid, 'a@b.test' from profiles where abs(hashtext(id::text)) % 80 = ${b}`);
await db.execute(sql`analyze`);
const caller = { userId: agent, userType: 'agent', language: 'de' as const, registrationStep: 0 };
const now = new Date();
const today = now.toISOString().slice(0, 10);
console.log(await attentionCounts(db, caller, today, now));
const times: number[] = [];
for (let i = 0; i < 30; i++) {
  const s = performance.now();
  await attentionCounts(db, caller, today, now);
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log('attention p50', times[15]!.toFixed(1), 'ms, p99/max', times[29]!.toFixed(1), 'ms');
// The statement itself, explained.
for (const [name, q] of [
  [
    'follow-ups',
    sql`select count(*) from pipeline_entries e where e.follow_up <= ${today}::date and exists (select 1 from jobs j where j.id = e.job_id and j.status = 'active' and (j.assigned_agent_id = ${agent} or e.follow_up_by = ${agent}))`,
  ],
  [
    'stale',
    sql`select count(*) from jobs j where j.status = 'active' and (j.assigned_agent_id = ${agent} or (j.assigned_agent_id is null and j.created_by = ${agent})) and coalesce((select coalesce(r.started_at, r.created_at) < j.criteria_changed_at from job_runs r where r.job_id = j.id and r.state = 'done' order by r.finished_at desc, r.id desc limit 1), false)`,
  ],
  [
    'answers',
    sql`select count(*) from pipeline_entries e where e.client_answered_at is not null and e.answer_seen_at is null and exists (select 1 from jobs j where j.id = e.job_id and j.status = 'active' and (j.assigned_agent_id = ${agent} or (j.assigned_agent_id is null and j.created_by = ${agent})))`,
  ],
  [
    'unanswered',
    sql`select count(*) from pipeline_entries e where e.stage = 'submitted' and e.submitted_at < now() - interval '5 days' and e.client_answered_at is null and exists (select 1 from jobs j where j.id = e.job_id and j.status = 'active' and (j.assigned_agent_id = ${agent} or (j.assigned_agent_id is null and j.created_by = ${agent})))`,
  ],
  [
    'company vet',
    sql`select count(*) from companies c where c.user_id is not null and c.created_at >= now() - interval '14 days' and c.assigned_agent_id is null and not exists (select 1 from timeline_entries t where t.company_id = c.id and t.author_email is not null)`,
  ],
] as const) {
  const plan = await queryRows(db, sql`explain (analyze, buffers off, summary on) ${q}`, PlanRow);
  console.log(name, plan.at(-1)?.['QUERY PLAN']);
}
const rows = await queryRows(
  db,
  sql`explain (analyze, buffers off, summary on) select
 (select count(*) from profiles p where p.type = 'luna' and p.type <> 'stella' and p.user_id is not null and p.created_at >= now() - interval '14 days' and p.assigned_agent_id is null
   and not exists (select 1 from timeline_entries t where t.profile_id = p.id and t.author_email is not null)) as vet_luna`,
  PlanRow,
);
console.log(`new lunas to vet: ${rows.at(-1)?.['QUERY PLAN']}`);
await t.close();
