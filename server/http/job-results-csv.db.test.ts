import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job, ResultsResponse } from '../../contract/job';
import { signAccessToken } from '../auth/tokens';
import { users } from '../db/schema/users';
import { agentJobBody, csvCells, json, ROLES, setUpJobFixture } from './job-test-kit';

// How to reach a candidate in a job's results CSV (issue 42, PRODUCT.md §11); the CSV's rows,
// order and quoting are job-results.db.test.ts.

const f = setUpJobFixture({ profiles: 40 });

describe('the results CSV', () => {
  let job: Job;

  beforeAll(async () => {
    job = await f.createJob(agentJobBody('Results with phones'));
    await f.runToDone(job.uuid);
  });

  it("the CSV has each candidate's phone as dialled from here and the time to call (PRODUCT.md §11)", async () => {
    const [first, second] = (
      await json<ResultsResponse>(
        await f.call('GET', `/api/job/showresults/${job.uuid}?limit=2`, f.tokens.agent),
      )
    ).items;
    const setContact = (uuid: string, contact: Record<string, string>) =>
      f.db.db.execute(
        sql`update profiles set "values" = "values" || ${JSON.stringify(contact)}::jsonb where id = ${uuid}`,
      );
    await setContact(first!.uuid, { phone: '+4915123456789', contact_time: 'evening' });
    await setContact(second!.uuid, { phone: '+436641234567' });
    try {
      const [agent] = await f.db.db.select().from(users).where(eq(users.email, ROLES.agent));
      const english = await signAccessToken(f.auth.tokens, { ...agent!, language: 'en' }, 'ok');
      for (const [token, separator, header, evening] of [
        [f.tokens.agent, ';', ['Telefon', 'Am besten erreichbar'], 'Abends (18–20 Uhr)'],
        [english, ',', ['Phone', 'Best time to call'], 'Evenings (6–8 pm)'],
      ] as const) {
        const lines = (
          await (await f.call('GET', `/api/job/showresults/${job.uuid}?limit=2&format=csv`, token)).text()
        )
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
        const [head, one, two] = lines.map((line) => csvCells(line, separator));
        expect(head!.slice(4, 6)).toEqual(header);
        expect(one!.slice(4, 6)).toEqual(['01512 3456789', evening]);
        expect(two!.slice(4, 6)).toEqual(['00 43 664 1234567', '']);
      }
    } finally {
      for (const item of [first!, second!])
        await f.db.db.execute(
          sql`update profiles set "values" = "values" - 'phone' - 'contact_time' where id = ${item.uuid}`,
        );
    }
  });
});
