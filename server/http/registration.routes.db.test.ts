import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEGAL_TEXTS_VERSION } from '../../contract/account';
import type { TokenPair } from '../../contract/session';
import { legalAcceptances } from '../db/schema/registration';
import { users } from '../db/schema/users';
import { accountFixturePerFile, claimsOf, errorOf, registration, STRONG_PASSWORD } from './account-test-kit';

const f = accountFixturePerFile();

async function register(email: string, overrides: Record<string, unknown> = {}) {
  const res = await f.call('PUT', '/api/public/user/create', { body: registration(email, overrides) });
  return { res, body: (await res.clone().json()) as TokenPair };
}

describe('PUT /api/public/user/create', () => {
  it('creates the account at step 1, records the accepted texts and mails the validation link in the chosen language', async () => {
    const { res, body } = await register('New.Person@Example.com');
    expect(res.status).toBe(201);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(claimsOf(body.token)).toMatchObject({
      email: 'new.person@example.com',
      user_type: 'luna',
      language: 'en',
      registration_step: 1,
      mfa_status: 'disabled',
      login_status: 'ok',
    });
    const user = await f.userByEmail('new.person@example.com');
    const accepted = await f.db.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, user?.id ?? ''));
    expect(accepted.map((a) => [a.text, a.version]).sort()).toEqual([
      ['condition-agreements', LEGAL_TEXTS_VERSION],
      ['terms-conditions', LEGAL_TEXTS_VERSION],
    ]);
    const [mail] = await f.mails('new.person@example.com');
    expect(mail?.subject).toBe('Please confirm your e-mail address');
    expect(mail?.html).toContain('href="http://matchwerk.test/user/validate/');
    expect(mail?.text).toMatch(/http:\/\/matchwerk\.test\/user\/validate\/[\w-]{43}/);
  });

  it('mails in German when German is chosen', async () => {
    await register('de@example.com', { language: 'de' });
    expect((await f.mails('de@example.com'))[0]?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
  });

  it.each(['luna', 'nova', 'company'])('registers the self-registration choice %s', async (category) => {
    const { res, body } = await register(`${category}@choices.example`, { category });
    expect(res.status).toBe(201);
    expect(claimsOf(body.token).user_type).toBe(category);
  });

  it('refuses an address that exists (in any case) with 409 email.taken', async () => {
    const { res } = await register('STELLA@matchwerk.example');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'email.taken' });
  });

  it.each([
    [{ accepted: ['terms-conditions'] }, 'accepted', 'accepted.missing'],
    [{ category: 'agent' }, 'category', 'category.invalid'],
    // Only an agent makes a stella (PRODUCT.md §1): self-registration never offers it.
    [{ category: 'stella' }, 'category', 'category.agent_only'],
    [{ password: 'short' }, 'password', 'password.too_short'],
    [{ password: 'x'.repeat(129) }, 'password', 'password.too_long'],
    [{ email: 'not-an-address' }, 'email', 'email.invalid'],
  ])('refuses %o with a field code and writes nothing', async (overrides, field, code) => {
    const before = (await f.db.db.select().from(users)).length;
    const { res } = await register('someone@example.com', overrides);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toContain(code);
    expect((await f.db.db.select().from(users)).length).toBe(before);
    expect(await f.mails('someone@example.com')).toEqual([]);
  });

  it.each([
    ['qwertzuiop12', 'password.weak'],
    ['sommerferien', 'password.weak'],
    ['maria.mueller-Blau-Zitrone', 'password.contains_email'],
  ])('refuses the password %s with %s', async (password, code) => {
    const { res } = await register('maria.mueller@example.com', { password });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code, fields: { password: [code] } });
    expect(await f.userByEmail('maria.mueller@example.com')).toBeUndefined();
  });

  it('allows 10 creations an hour per IP, then 429 with Retry-After alike for new and existing addresses', async () => {
    for (let i = 0; i < 10; i++) expect((await register(`limit${i}@example.com`)).res.status).toBe(201);
    const fresh = await register('limit-new@example.com');
    const taken = await register('stella@matchwerk.example');
    for (const res of [fresh.res, taken.res]) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await errorOf(fresh.res)).toEqual(await errorOf(taken.res));
    expect(await f.userByEmail('limit-new@example.com')).toBeUndefined();
    // Another IP is not affected.
    expect(
      (
        await f.call('PUT', '/api/public/user/create', {
          body: registration('other@example.com'),
          ip: '203.0.113.9',
        })
      ).status,
    ).toBe(201);
  });

  it('lets the same address register again after its account was deleted', async () => {
    const { body } = await register('again@example.com');
    const deleted = await f.call('DELETE', '/api/user', {
      token: body.token,
      body: { password: STRONG_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect((await register('again@example.com')).res.status).toBe(201);
  });
});

describe('e-mail validation', () => {
  it('validates once: step 1 → 2 with fresh tokens; the link then fails', async () => {
    await register('v@example.com');
    const token = await f.linkIn('v@example.com', '/user/validate/');
    const first = await f.call('GET', `/api/public/user/validate/${token}`);
    expect(first.status).toBe(200);
    expect(claimsOf(((await first.json()) as TokenPair).token).registration_step).toBe(2);
    const again = await f.call('GET', `/api/public/user/validate/${token}`);
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({ code: 'validation.invalid_token' });
  });

  it('answers the variant with a user segment the same way', async () => {
    await register('seg@example.com');
    const token = await f.linkIn('seg@example.com', '/user/validate/');
    expect((await f.call('GET', `/api/public/user/validate/user/${token}`)).status).toBe(200);
    expect((await f.userByEmail('seg@example.com'))?.registrationStep).toBe(2);
  });

  it('lets exactly one of two parallel submissions of a link win', async () => {
    await register('par@example.com');
    const token = await f.linkIn('par@example.com', '/user/validate/');
    const answers = await Promise.all([
      f.call('GET', `/api/public/user/validate/${token}`),
      f.call('GET', `/api/public/user/validate/${token}`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('expires after 24 hours', async () => {
    await register('late@example.com');
    const token = await f.linkIn('late@example.com', '/user/validate/');
    f.advance(24 * 3_600_000 + 1000);
    const res = await f.call('GET', `/api/public/user/validate/${token}`);
    expect(res.status).toBe(400);
    expect((await f.userByEmail('late@example.com'))?.registrationStep).toBe(1);
  });

  it('stores only a hash of the token', async () => {
    await register('hash@example.com');
    const token = await f.linkIn('hash@example.com', '/user/validate/');
    const dump = JSON.stringify(await f.db.db.execute('select * from email_tokens' as never));
    expect(dump).not.toContain(token);
  });
});

describe('GET /api/user/create/resend', () => {
  it('sends a new link (the old one stops working), 60 s apart and 10 a day, 429 with Retry-After beyond', async () => {
    const { body } = await register('re@example.com');
    const oldToken = await f.linkIn('re@example.com', '/user/validate/');
    f.advance(61_000);
    expect((await f.call('GET', '/api/user/create/resend', { token: body.token })).status).toBe(204);
    const soon = await f.call('GET', '/api/user/create/resend', { token: body.token });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    for (let i = 2; i <= 10; i++) {
      f.advance(61_000);
      expect((await f.call('GET', '/api/user/create/resend', { token: body.token })).status).toBe(204);
    }
    f.advance(61_000);
    const daily = await f.call('GET', '/api/user/create/resend', { token: body.token });
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await f.mails('re@example.com')).length).toBe(11);

    expect((await f.call('GET', `/api/public/user/validate/${oldToken}`)).status).toBe(400);
    const newToken = await f.linkIn('re@example.com', '/user/validate/');
    expect((await f.call('GET', `/api/public/user/validate/${newToken}`)).status).toBe(200);
  });

  it('answers 409 once the address is validated', async () => {
    const token = await f.tokenFor('pending@matchwerk.example');
    const res = await f.call('GET', '/api/user/create/resend', { token });
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'registration.already_validated' });
  });
});

describe('PUT /api/user/registration/email (issue 42)', () => {
  it('corrects a mistyped address while the link is awaited: the new address gets a link, the old one stops working', async () => {
    const { body } = await register('tippfehler@exmaple.com');
    const oldToken = await f.linkIn('tippfehler@exmaple.com', '/user/validate/');
    f.advance(61_000);
    const res = await f.call('PUT', '/api/user/registration/email', {
      token: body.token,
      body: { email: ' Richtig@Example.com ' },
    });
    expect(res.status).toBe(200);
    const pair = (await res.json()) as TokenPair;
    expect(claimsOf(pair.token)).toMatchObject({ email: 'richtig@example.com', registration_step: 1 });
    // The pair replaces the session: the old access token is refused.
    expect((await f.call('GET', '/api/user/create/resend', { token: body.token })).status).toBe(401);
    expect(await f.userByEmail('tippfehler@exmaple.com')).toBeUndefined();
    expect((await f.call('GET', `/api/public/user/validate/${oldToken}`)).status).toBe(400);
    const newToken = await f.linkIn('richtig@example.com', '/user/validate/');
    expect((await f.call('GET', `/api/public/user/validate/${newToken}`)).status).toBe(200);
  });

  it('refuses an address taken, a bad one, a change too soon and one after validation, changing nothing', async () => {
    const { body } = await register('zweite@example.com');
    const change = (email: unknown, token: string) =>
      f.call('PUT', '/api/user/registration/email', { token, body: { email } });
    const first = await change('dritte@example.com', body.token);
    expect(first.status).toBe(200);
    const { token } = (await first.json()) as TokenPair;
    const before = await f.userByEmail('dritte@example.com');
    // Counted as a resend: not a second mail within the minute.
    expect(await errorOf(await change('vierte@example.com', token))).toMatchObject({ status: 429 });
    f.advance(61_000);
    expect(await errorOf(await change('pending@matchwerk.example', token))).toMatchObject({
      status: 409,
      code: 'email.taken',
    });
    expect((await change('kein-at-zeichen', token)).status).toBe(400);
    expect((await change(42, token)).status).toBe(400);
    expect(await f.userByEmail('dritte@example.com')).toEqual(before);
    const validated = await f.tokenFor('pending@matchwerk.example');
    expect(await errorOf(await change('neu@example.com', validated))).toMatchObject({
      status: 409,
      code: 'registration.already_validated',
    });
    expect(
      (await f.call('PUT', '/api/user/registration/email', { body: { email: 'x@example.com' } })).status,
    ).toBe(401);
  });
});

describe('phone 2FA during registration', () => {
  const pendingEmail = 'pending@matchwerk.example';

  it('normalises the same number typed three ways to one E.164 number', async () => {
    const token = await f.tokenFor(pendingEmail);
    for (const [phoneNumber, countryCode] of [
      ['0151 2345 6789', 'DE'],
      ['+49 (151) 234-56789', 'de'],
      ['0049 15123456789', 'AT'],
    ]) {
      const res = await f.call('PUT', '/api/user/2fa/save-phone', {
        token,
        body: { phoneNumber, countryCode },
      });
      expect(res.status).toBe(204);
      expect((await f.userByEmail(pendingEmail))?.pendingPhoneNumber).toBe('+4915123456789');
      f.advance(61_000);
    }
    expect((await f.smsTo('+4915123456789')).length).toBe(3);
  });

  it.each([
    ['12', 'DE'],
    ['0151 2345 6789', 'XX'],
    ['not a number', 'DE'],
  ])('refuses %s (%s) with phone.invalid and changes nothing', async (phoneNumber, countryCode) => {
    const token = await f.tokenFor(pendingEmail);
    const res = await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber, countryCode },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.phoneNumber).toContain('phone.invalid');
    expect((await f.userByEmail(pendingEmail))?.pendingPhoneNumber).toBeNull();
  });

  it('confirms with the SMS code: 2FA on, step 2 → 3, fresh tokens', async () => {
    const token = await f.tokenFor(pendingEmail);
    await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: '0151 2345 6789', countryCode: 'DE' },
    });
    const code = await f.latestCode('+4915123456789');
    const res = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code } });
    expect(res.status).toBe(200);
    expect(claimsOf(((await res.json()) as TokenPair).token)).toMatchObject({
      mfa_status: 'enabled',
      registration_step: 3,
      phone_number: '+4915123456789',
    });
  });

  it('burns the code after 5 wrong tries', async () => {
    const token = await f.tokenFor(pendingEmail);
    await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: '015123456789', countryCode: 'DE' },
    });
    const code = await f.latestCode('+4915123456789');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code: wrong } });
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'login.wrong_2FA_code' });
    }
    const right = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code } });
    expect(right.status).toBe(401);
    expect((await f.userByEmail(pendingEmail))?.mfaStatus).toBe('disabled');
  });

  it('resends the code at most once a minute (429 with Retry-After); the earlier code stops working', async () => {
    const token = await f.tokenFor(pendingEmail);
    await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: '015123456789', countryCode: 'DE' },
    });
    const first = await f.latestCode('+4915123456789');
    const soon = await f.call('POST', '/api/user/2fa/save-phone/resend', { token });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    f.advance(61_000);
    expect((await f.call('POST', '/api/user/2fa/save-phone/resend', { token })).status).toBe(204);
    const second = await f.latestCode('+4915123456789');
    if (first !== second) {
      const old = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code: first } });
      expect(old.status).toBe(401);
    }
    expect(
      (await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code: second } })).status,
    ).toBe(200);
  });

  it('lets the user skip the phone step: mfa disabled, step 3; not twice', async () => {
    const token = await f.tokenFor(pendingEmail);
    const res = await f.call('POST', '/api/user/2fa/skip', { token });
    expect(claimsOf(((await res.json()) as TokenPair).token)).toMatchObject({
      mfa_status: 'disabled',
      registration_step: 3,
    });
    const again = await f.call('POST', '/api/user/2fa/skip', { token });
    expect(await errorOf(again)).toMatchObject({ status: 409, code: 'registration.wrong_step' });
  });

  it('refuses the registration phone call outside step 2', async () => {
    const token = await f.tokenFor('stella@matchwerk.example');
    const res = await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: '015123456789', countryCode: 'DE' },
    });
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'registration.wrong_step' });
  });
});

describe('POST /api/user/registration/next', () => {
  it('refuses 3 → 4 while required profile fields are missing, naming them', async () => {
    const token = await f.tokenFor('pending@matchwerk.example');
    await f.call('POST', '/api/user/2fa/skip', { token });
    const res = await f.call('POST', '/api/user/registration/next', { token });
    const body = await errorOf(res);
    expect(body).toMatchObject({ status: 409, code: 'registration.step_not_ready' });
    expect(Object.keys(body.fields ?? {}).length).toBeGreaterThan(0);
    expect((await f.userByEmail('pending@matchwerk.example'))?.registrationStep).toBe(3);
  });

  it('advances 3 → 4 once the required fields are filled, though matching would want more', async () => {
    const token = await f.tokenFor('pending@matchwerk.example');
    await f.call('POST', '/api/user/2fa/skip', { token });
    const mine = (await (await f.call('GET', '/api/profile', { token })).json()) as { version: number };
    const saved = await f.call('PUT', '/api/profile', {
      token,
      body: {
        values: { first_name: 'Paula', last_name: 'Pending', city: { id: 2950159 } },
        version: mine.version,
      },
    });
    expect(saved.status).toBe(200);
    // Completeness names the parts matching uses (occupation, skills, …): not what the step waits for.
    expect(((await saved.json()) as { missing: string[] }).missing.length).toBeGreaterThan(0);
    const four = await f.call('POST', '/api/user/registration/next', { token });
    expect(four.status).toBe(200);
    expect(claimsOf(((await four.json()) as TokenPair).token).registration_step).toBe(4);
  });

  it('advances a complete profile 3 → 4 → 0 with fresh tokens, then refuses', async () => {
    // The demo stella has a complete profile.
    await f.db.db
      .update(users)
      .set({ registrationStep: 3 })
      .where(eq(users.email, 'stella@matchwerk.example'));
    const token = await f.tokenFor('stella@matchwerk.example');
    const four = await f.call('POST', '/api/user/registration/next', { token });
    expect(claimsOf(((await four.json()) as TokenPair).token).registration_step).toBe(4);
    const done = await f.call('POST', '/api/user/registration/next', { token });
    expect(claimsOf(((await done.json()) as TokenPair).token).registration_step).toBe(0);
    const after = await f.call('POST', '/api/user/registration/next', { token });
    expect(await errorOf(after)).toMatchObject({ status: 409, code: 'registration.wrong_step' });
  });
});
