import { describe, expect, it } from 'vitest';
import type { TokenClaims } from '../../contract/session';
import { VerifiedTokenCache } from './verified-tokens';

const claims = (sub: string, exp: number): TokenClaims => ({
  sub,
  sid: `sid-${sub}`,
  active: true,
  email: `${sub}@example.org`,
  exp,
  iat: exp - 900,
  language: 'de',
  login_status: 'ok',
  mfa_status: 'disabled',
  phone_number: null,
  roles: ['ROLE_USER'],
  user_type: 'luna',
  username: `${sub}@example.org`,
  registration_step: 0,
  image: null,
});

describe('VerifiedTokenCache', () => {
  it('answers a token until its exp, then forgets it', () => {
    const cache = new VerifiedTokenCache();
    cache.set('token-a', claims('a', 1000));
    expect(cache.get('token-a', 999)?.sub).toBe('a');
    expect(cache.get('token-a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: beyond its capacity the least recently used token goes first', () => {
    const cache = new VerifiedTokenCache(3);
    cache.set('a', claims('a', 5000));
    cache.set('b', claims('b', 5000));
    cache.set('c', claims('c', 5000));
    expect(cache.get('a', 0)?.sub).toBe('a'); // a is now the most recent
    cache.set('d', claims('d', 5000));
    expect(cache.size).toBe(3);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((t) => cache.get(t, 0)?.sub)).toEqual(['a', 'c', 'd']);
  });
});
