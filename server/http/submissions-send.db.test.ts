import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import type { ErrorBody } from '../../contract/errors';
import type { PresentationConsent } from '../../contract/profile';
import type { SendPreview, SendResult } from '../../contract/submissions';
import { referenceNumber } from '../cards/candidate-card';
import { queryRows } from '../db/client';
import { CountRow, record, text, uuidOrNull } from '../db/rows';
import { agentJobBody, json } from './job-test-kit';
import { AVAILABLE_YEAR, setUpSendFixture } from './submissions-test-kit';

/**
 * Sending candidates' cards to a job's client (issue 21, contract/submissions.ts): every role, one mail
 * per send with one PDF per candidate in the contact's language, the anonymised card clean of
 * personal data, the consent rule, and nothing written when a send is refused. What a send sets
 * off (the pipeline, the outbox) is in submissions-send-effects.db.test.ts.
 */

const { f, s, agency, db, written, addContact, body, send, preview, attachmentsOfNewestMail, setConsent } =
  setUpSendFixture();

describe('who may send', () => {
  const roles = ['anonymous', 'candidate', 'company', 'otherCompany'] as const;
  for (const role of roles)
    it(`${role}: ${role === 'anonymous' ? 401 : 403} for preview and send, nothing written`, async () => {
      const before = await written();
      // '' sends no Authorization header (undefined would take the agent's default).
      const token = role === 'anonymous' ? '' : f.tokens[role];
      for (const call of [preview, send]) {
        const res = await call(body(), token);
        expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
      }
      expect(await written()).toEqual(before);
    });
});

describe('POST /api/job/{uuid}/send', () => {
  it('previews the mail in the contact language without writing anything', async () => {
    const before = await written();
    const res = await preview(body());
    expect(res.status).toBe(200);
    const mail = await json<SendPreview>(res);
    expect(mail).toMatchObject({
      to: { name: 'Jana Schmidt', email: 'jana@rheinwerk.example' },
      language: 'de',
      subject: '2 Kandidatinnen und Kandidaten für „Lagerfachkraft“',
    });
    expect(mail.text).toContain('Guten Tag Jana Schmidt');
    expect(mail.text).toContain(`${referenceNumber(s.anna)} (anonymisiert)`);
    expect(mail.text).not.toContain('Anna');
    expect(mail.attachments).toEqual([
      { candidate: s.anna, card: 'anonymised', fileName: `${referenceNumber(s.anna)}.pdf` },
      { candidate: s.ben, card: 'anonymised', fileName: `${referenceNumber(s.ben)}.pdf` },
    ]);
    expect(await written()).toEqual(before);
  });

  it('sends one mail with one anonymised PDF per candidate and records it on both timelines', async () => {
    const before = await written();
    const res = await send(body());
    expect(res.status).toBe(201);
    const result = await json<SendResult>(res);
    expect(result.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const after = await written();
    expect(after).toEqual({
      outbox: before.outbox + 1,
      attachments: before.attachments + 2,
      // each candidate's timeline and the job's
      timeline: before.timeline + 3,
      access: before.access + 2,
    });
    const [mail] = await queryRows(
      db(),
      sql`select recipient, subject, text from outbox order by created_at desc, id desc limit 1`,
      v.object({ recipient: text, subject: text, text }),
    );
    expect(mail).toMatchObject({
      recipient: 'jana@rheinwerk.example',
      subject: result.subject,
      text: result.text,
    });
    const files = await attachmentsOfNewestMail();
    expect(files.map((a) => [a.fileName, a.contentType])).toEqual([
      [`${referenceNumber(s.anna)}.pdf`, 'application/pdf'],
      [`${referenceNumber(s.ben)}.pdf`, 'application/pdf'],
    ]);
    const events = await queryRows(
      db(),
      sql`select profile_id, job_id, details from timeline_entries where action = 'card.sent'
          order by at desc, id desc limit 3`,
      v.object({ profile_id: uuidOrNull, job_id: uuidOrNull, details: record }),
    );
    expect(events.find((e) => e.job_id === s.jobId)?.details).toMatchObject({
      contact: 'Jana Schmidt',
      count: 2,
    });
    for (const id of [s.anna, s.ben])
      expect(events.find((e) => e.profile_id === id)?.details).toMatchObject({
        format: 'anonymised',
        job: s.jobId,
      });
  });

  it('writes the anonymised card in the contact language: reference and agency, no name, e-mail, phone or birth date', async () => {
    expect((await send(body({ contact: s.en.uuid }))).status).toBe(201);
    const [mail] = await queryRows(
      db(),
      sql`select subject, text from outbox order by created_at desc, id desc limit 1`,
      v.object({ subject: v.string(), text: v.string() }),
    );
    expect(mail!.subject).toBe('2 candidates for “Lagerfachkraft”');
    expect(mail!.text).toContain('Dear Sam Taylor');
    const [annaCard] = await attachmentsOfNewestMail();
    const text = annaCard!.text;
    for (const part of [
      'Anonymised profile',
      referenceNumber(s.anna),
      agency.email,
      agency.phone,
      'Forklift licence',
      'Turkish (native)',
      '7 years',
      'Completed apprenticeship',
      `from 1 Mar ${AVAILABLE_YEAR}`,
      'Köln',
    ])
      expect(text, part).toContain(part);
    for (const secret of [
      'Anna',
      'Müller',
      'stella@jobs.test',
      '15199887766',
      '151 99887766',
      '9887766',
      'Vormittags',
      'Mornings',
      '17000000002',
      '1990',
      '17 May',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('sends the full card only with the candidate consent, and the full card names the person', async () => {
    const before = await written();
    const refused = await send(body({ full: [s.anna] }));
    expect(refused.status).toBe(409);
    expect(await json<ErrorBody>(refused)).toMatchObject({
      code: 'card.consent_missing',
      fields: { full: ['card.consent_missing'] },
    });
    expect((await preview(body({ full: [s.anna] }))).status).toBe(409);
    expect(await written()).toEqual(before);

    const given = await setConsent(true);
    expect(given.status).toBe(200);
    expect(await json<PresentationConsent>(given)).toMatchObject({ consented: true });
    const res = await send(body({ full: [s.anna] }));
    expect(res.status).toBe(201);
    const sent = await json<SendResult>(res);
    expect(sent.text).toContain('- Anna Müller');
    expect(sent.attachments[0]).toMatchObject({ card: 'full', fileName: 'profilkarte-Anna-Muller.pdf' });
    const [full, anonymous] = await attachmentsOfNewestMail();
    for (const part of [
      'Anna Müller',
      'stella@jobs.test',
      '01519 9887766',
      'Am besten erreichbar',
      'Vormittags (8–12 Uhr)',
      '17.05.1990',
      'Staplerschein',
      '7 Jahre',
    ])
      expect(full!.text, part).toContain(part);
    // The card's phone is the catalogue's, never the 2FA number (PRODUCT.md §11).
    expect(full!.text).not.toContain('17000000002');
    expect(anonymous!.text).toContain(referenceNumber(s.ben));
    expect(anonymous!.text).not.toContain('Okafor');
    // Each card read in the access log by its kind, under the job (contract/cards.ts).
    const reads = await queryRows(
      db(),
      sql`select profile_id, what from agent_access_log where job_id = ${s.jobId} order by id desc limit 2`,
      v.object({ profile_id: uuidOrNull, what: text }),
    );
    expect(reads).toEqual(
      expect.arrayContaining([
        { profile_id: s.anna, what: 'card_full' },
        { profile_id: s.ben, what: 'card_anonymised' },
      ]),
    );

    // Ben has no account, so nobody gave his consent: his full card is refused.
    expect((await send(body({ full: [s.ben] }))).status).toBe(409);

    // Withdrawn: refused again.
    expect(await json<PresentationConsent>(await setConsent(false))).toEqual({
      consented: false,
      since: null,
    });
    expect((await send(body({ full: [s.anna] }))).status).toBe(409);
  });

  it('refuses what it cannot send, with a code, writing nothing', async () => {
    const before = await written();
    const cases: [unknown, number, string, string?][] = [
      [body({ candidates: [] }), 400, 'candidates'],
      [body({ candidates: Array.from({ length: 21 }, () => crypto.randomUUID()) }), 400, 'candidates'],
      [body({ candidates: [s.anna, s.anna] }), 400, 'candidates'],
      [body({ full: [crypto.randomUUID()] }), 400, 'full'],
      [body({ subject: 'x' }), 400, 'subject'],
      [{ candidates: [s.anna] }, 400, 'contact'],
      [body({ contact: 'nope' }), 400, 'contact'],
      [body({ candidates: [s.anna, crypto.randomUUID()] }), 404, 'profile.not_found'],
      [body({ contact: s.foreignContact.uuid }), 404, 'contact.not_found'],
      [body({ contact: crypto.randomUUID() }), 404, 'contact.not_found'],
    ];
    for (const [payload, status, where] of cases) {
      const res = await send(payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      const error = await json<ErrorBody>(res);
      if (status === 400) expect(Object.keys(error.fields ?? {})).toContain(where);
      else expect(error.code).toBe(where);
    }
    const noClient = await send(body(), f.tokens.agent, s.jobWithoutClient);
    expect(noClient.status).toBe(409);
    expect((await json<ErrorBody>(noClient)).code).toBe('send.no_client');
    const unknownJob = await send(body(), f.tokens.agent, crypto.randomUUID());
    expect(unknownJob.status).toBe(404);
    expect((await json<ErrorBody>(unknownJob)).code).toBe('job.not_found');
    expect(await written()).toEqual(before);
  });

  it('refuses a contact without e-mail (409 contact.no_email)', async () => {
    const silent = await addContact(s.client, { name: 'Ohne Mail', language: 'de' });
    const res = await send(body({ contact: silent.uuid }));
    expect(res.status).toBe(409);
    expect((await json<ErrorBody>(res)).code).toBe('contact.no_email');
  });
});

describe('sent once (issue 41: two clicks at once gave two 201s and two mails)', () => {
  const newJob = async () =>
    (await f.createJob({ ...agentJobBody('Kommissionierer'), client: s.client })).uuid;

  it('of the same send submitted twice at once, one goes out and the other is refused with send.duplicate', async () => {
    const job = await newJob();
    const before = await written();
    const answers = await Promise.all([send(body(), f.tokens.agent, job), send(body(), f.tokens.agent, job)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect((await json<ErrorBody>(refused!)).code).toBe('send.duplicate');
    expect(await written()).toEqual({
      outbox: before.outbox + 1,
      attachments: before.attachments + 2,
      timeline: before.timeline + 3,
      access: before.access + 2,
    });
  });

  it('refuses the same send again in any order or case, writing nothing; a different send goes', async () => {
    const job = await newJob();
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    const before = await written();
    const again = await send(body({ candidates: [s.ben.toUpperCase(), s.anna] }), f.tokens.agent, job);
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).code).toBe('send.duplicate');
    expect(await written()).toEqual(before);
    // Another contact, fewer candidates, the same job: each is a send of its own.
    expect((await send(body({ contact: s.en.uuid }), f.tokens.agent, job)).status).toBe(201);
    expect((await send(body({ candidates: [s.ben] }), f.tokens.agent, job)).status).toBe(201);
    // The same send of another job is not a duplicate either.
    expect((await send(body(), f.tokens.agent, await newJob())).status).toBe(201);
  });

  it('sends the same again once ten minutes have passed, and keeps no older record of the job', async () => {
    const job = await newJob();
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    await db().execute(
      sql`update card_sends set sent_at = sent_at - interval '601 seconds' where job_id = ${job}`,
    );
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    const kept = await queryRows(
      db(),
      sql`select count(*) as n from card_sends where job_id = ${job}`,
      CountRow,
    );
    expect(kept[0]?.n).toBe(1);
  });

  it('counts a refused send as not sent: the same send goes once the refusal is resolved', async () => {
    const job = await newJob();
    const was = await json<PresentationConsent>(
      await f.call('GET', '/api/profile/presentation-consent', f.tokens.candidate),
    );
    expect((await setConsent(false)).status).toBe(200);
    const refused = await send(body({ full: [s.anna] }), f.tokens.agent, job);
    expect((await json<ErrorBody>(refused)).code).toBe('card.consent_missing');
    expect((await setConsent(true)).status).toBe(200);
    expect((await send(body({ full: [s.anna] }), f.tokens.agent, job)).status).toBe(201);
    expect((await setConsent(was.consented)).status).toBe(200);
  });
});

describe('the consent to be presented by name', () => {
  it('is the candidate own switch, stored with its time and in the data export', async () => {
    for (const role of ['agent', 'company'] as const) {
      expect((await f.call('GET', '/api/profile/presentation-consent', f.tokens[role])).status).toBe(403);
      expect((await setConsent(true, f.tokens[role])).status).toBe(403);
    }
    expect(
      (await f.call('PUT', '/api/profile/presentation-consent', f.tokens.candidate, { consented: 'yes' }))
        .status,
    ).toBe(400);
    expect(
      (
        await f.call('PUT', '/api/profile/presentation-consent', f.tokens.candidate, {
          consented: true,
          x: 1,
        })
      ).status,
    ).toBe(400);
    const given = await json<PresentationConsent>(await setConsent(true));
    expect(given.consented).toBe(true);
    expect(Date.now() - new Date(given.since ?? 0).getTime()).toBeLessThan(60_000);
    // Giving it again keeps the first time.
    expect(await json<PresentationConsent>(await setConsent(true))).toEqual(given);
    expect(
      await json<PresentationConsent>(
        await f.call('GET', '/api/profile/presentation-consent', f.tokens.candidate),
      ),
    ).toEqual(given);
    const exported = await json<AccountExport>(await f.call('GET', '/api/user/export', f.tokens.candidate));
    expect(exported.presentedByNameSince).toBe(given.since);
    await setConsent(false);
    const withdrawn = await json<AccountExport>(await f.call('GET', '/api/user/export', f.tokens.candidate));
    expect(withdrawn.presentedByNameSince).toBeNull();
  });
});
