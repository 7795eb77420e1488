// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, type TokenClaims } from '../../../contract/session';
import { loadedRouter } from '../../../tests/support/router';
import { fakeToken, MemoryStorage } from '../../../tests/support/tokens';
import { decodeClaims } from '../../machines/session/token';
import { accountMenuFor, navigationFor } from './navigation';

const PERSONAS: Record<string, Partial<TokenClaims> | null> = {
  anonymous: null,
  unfinished: { user_type: 'stella', registration_step: 2 },
  stella: { user_type: 'stella', registration_step: 0 },
  luna: { user_type: 'luna', registration_step: 0 },
  company: { user_type: 'company', registration_step: 0 },
  agent: { user_type: 'agent', registration_step: 0 },
  senior: { user_type: 'senior_agent', registration_step: 0 },
};

/** Where the app's guards leave this persona when it opens `path` (as the route guard tests do). */
async function landsAt(path: string, token: string | null): Promise<string> {
  const storage = new MemoryStorage();
  if (token) storage.setItem(CREDENTIALS_KEY, JSON.stringify({ token, refreshToken: 'r' }));
  const { router } = await loadedRouter(path, storage, {
    confirm: () => false,
    checkResetToken: async () => null,
  });
  return router.state.location.pathname;
}

describe('the navigation offers only what the role can reach (PRODUCT.md §9)', () => {
  it.each(Object.entries(PERSONAS))(
    '%s: every header and avatar-menu link stays where it points',
    async (_name, partial) => {
      const token = partial ? fakeToken(partial) : null;
      const claims = token ? decodeClaims(token) : null;
      const items = [...navigationFor(claims), ...(claims ? accountMenuFor(claims) : [])];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(await landsAt(item.to, token), item.to).toBe(item.to);
    },
    30_000,
  );

  it('gives each role its own set', () => {
    const paths = (partial: Partial<TokenClaims>) => {
      const claims = decodeClaims(fakeToken(partial));
      return claims ? navigationFor(claims).map((item) => item.to) : [];
    };
    expect(paths({ user_type: 'stella', registration_step: 0 })).toEqual([
      '/dashboard',
      '/profile',
      '/lifecycle',
    ]);
    expect(paths({ user_type: 'company', registration_step: 0 })).toEqual([
      '/dashboard',
      '/companies',
      '/newJob',
      '/matchingJob',
      '/profile',
    ]);
    expect(paths({ user_type: 'agent', registration_step: 0 })).toEqual([
      '/dashboard',
      '/stellas',
      '/lunas',
      '/novas',
      '/companies',
      '/matchingJob',
      '/agent/view',
    ]);
  });
});
