import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { encodeToken, fakeClaims } from '../../../tests/support/tokens';
import { decodeClaims } from './token';

// decodeClaims decodes the payload itself (jose loads only to verify): it must read every token as
// jose's decodeJwt does, and refuse what jose refuses.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = encodeToken;

const claims = fakeClaims(
  {
    sub: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    email: 'jürgen.ßöäü@matchwerk.example',
    username: 'Jürgen',
  },
  1_800_000_000,
);

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
