import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeClaims } from './token';

// decodeClaims decodes the payload itself (jose loads only to verify): it must read every token as
// jose's decodeJwt does, and refuse what jose refuses.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;

const claims = {
  sub: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  active: true,
  email: 'jürgen.ßöäü@matchwerk.example',
  language: 'de',
  login_status: 'ok',
  mfa_status: 'disabled',
  phone_number: null,
  roles: ['ROLE_USER'],
  user_type: 'stella',
  username: 'Jürgen',
  registration_step: 0,
  image: null,
  iat: 1_800_000_000,
  exp: 1_800_000_900,
};

describe('decodeClaims', () => {
  it('reads the payload jose reads, umlauts and padding-free base64url included', () => {
    for (const extra of ['', 'x', 'xy', 'xyz']) {
      const payload = { ...claims, email: `a${extra}@matchwerk.example` };
      const jwt = token(payload);
      expect(decodeJwt(jwt)).toEqual(payload);
      expect(decodeClaims(jwt)).toEqual(payload);
    }
    expect(decodeClaims(token(claims))?.email).toBe('jürgen.ßöäü@matchwerk.example');
    expect(decodeClaims(token({ ...claims, registration_step: 9 }))).toBeNull();
  });

  it('answers null for what is not a token', () => {
    for (const bad of [
      '',
      'a.b',
      'a.b.c.d',
      `${encode({})}..x`,
      `${encode({})}.@@@.x`,
      `x.${Buffer.from('nope').toString('base64url')}.y`,
    ]) {
      expect(() => decodeJwt(bad)).toThrow();
      expect(decodeClaims(bad)).toBeNull();
    }
  });
});
