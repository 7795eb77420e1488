// @vitest-environment jsdom
import { isNotFound } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { CREDENTIALS_KEY, type TokenClaims } from '../../contract/session';
import { loadedRouter } from '../../tests/support/router';
import { fakeToken, MemoryStorage } from '../../tests/support/tokens';

type Persona = 'anonymous' | 'unfinished' | 'luna' | 'stella' | 'company' | 'agent';

const CLAIMS: Record<Exclude<Persona, 'anonymous'>, Partial<TokenClaims>> = {
  unfinished: { user_type: 'stella', registration_step: 2 },
  luna: { user_type: 'luna', registration_step: 0 },
  stella: { user_type: 'stella', registration_step: 0 },
  company: { user_type: 'company', registration_step: 0 },
  agent: { user_type: 'senior_agent', registration_step: 0 },
};

async function visit(
  path: string,
  persona: Persona,
  options: { confirm?: boolean; resetTokenOk?: boolean } = {},
) {
  const storage = new MemoryStorage();
  if (persona !== 'anonymous') {
    storage.setItem(
      CREDENTIALS_KEY,
      JSON.stringify({ token: fakeToken(CLAIMS[persona]), refreshToken: 'r' }),
    );
  }
  const confirm = vi.fn(() => options.confirm ?? false);
  const { router, session } = await loadedRouter(path, storage, {
    confirm,
    checkResetToken: async () => (options.resetTokenOk ? 'luna@matchwerk.example' : null),
  });
  const leaf = router.state.matches.at(-1);
  return {
    at: router.state.location.pathname,
    search: router.state.location.search as Record<string, unknown>,
    // A path no route matches leaves only the root matched; a guard's notFound() is kept as a match error.
    screen:
      leaf?.routeId === '__root__' || router.state.matches.some((m) => isNotFound(m.error))
        ? 'not-found'
        : leaf?.routeId,
    confirm,
    session,
    storage,
  };
}

const PUBLIC = [
  '/',
  '/about',
  '/forgot-password',
  '/user/validate/abc',
  '/user/invitation/abc',
  '/legal/impressum',
];
// /mfa/register is outside the protected layout but guarded alike (SMS setup for a signed-in user).
const PROTECTED = [
  '/dashboard',
  '/profile',
  '/companies',
  '/lifecycle',
  '/matchingJob',
  '/newJob',
  '/clientCandidates/j1',
  '/mfa/register',
];
const EMPLOYER = ['/companies', '/matchingJob', '/newJob', '/clientCandidates/j1'];
const AGENT_ONLY = [
  '/stellas',
  '/stellas/new',
  '/stellas/view/u1',
  '/lunas',
  '/lunas/new',
  '/lunas/view/u1',
  '/novas',
  '/novas/new',
  '/novas/view/u1',
  '/companies/new',
  '/companies/view/u1',
  '/agent',
  '/agent/view',
  '/editJob/j1',
  '/matchingJobResult/j1',
  '/matchingJobResultDetail/j1/u1',
  '/duplicate/j1',
  '/pipeline/today',
];
const PERSONAS: Persona[] = ['anonymous', 'unfinished', 'luna', 'stella', 'company', 'agent'];

/** Where each persona ends up; "stay" means the screen of the requested route is shown. */
function expected(path: string, persona: Persona): string {
  if (PUBLIC.includes(path)) return 'stay';
  // A reset link that does not check out goes to /login, which sends a signed-in user on from there.
  if (path === '/login' || path === '/mfa/login' || path === '/user/reset-password/t1') {
    if (persona === 'anonymous') return '/login';
    return persona === 'unfinished' ? '/register' : '/dashboard';
  }
  if (path === '/register')
    return persona === 'anonymous' || persona === 'unfinished' ? 'stay' : '/dashboard';
  // Protected group: no usable session → /login, where an unfinished registration is sent on to /register.
  if (persona === 'anonymous') return '/login';
  if (persona === 'unfinished') return '/register';
  // PRODUCT.md §1: the employers' pages send candidates to their dashboard.
  if (EMPLOYER.includes(path)) return persona === 'luna' || persona === 'stella' ? '/dashboard' : 'stay';
  if (PROTECTED.includes(path)) return 'stay';
  if (AGENT_ONLY.includes(path)) return persona === 'agent' ? 'stay' : '/dashboard';
  throw new Error(`no expectation for ${path}`);
}

const ROUTES = [
  ...PUBLIC,
  '/user/reset-password/t1',
  '/login',
  '/mfa/login',
  '/register',
  ...PROTECTED,
  ...AGENT_ONLY,
];

describe('route guards (SEED-SPEC §2, §6)', () => {
  beforeEach(() => {
    document.title = '';
  });

  it.each(ROUTES.flatMap((path) => PERSONAS.map((persona) => [path, persona] as const)))(
    '%s as %s',
    async (path, persona) => {
      const result = await visit(path, persona);
      const want = expected(path, persona);
      expect(result.at).toBe(want === 'stay' ? path : want);
      expect(result.screen).not.toBe('not-found');
      if (want === 'stay') expect(result.screen).not.toBe('__root__');
    },
  );

  it('sends an unfinished registration on at the step after the last one done', async () => {
    const result = await visit('/login', 'unfinished');
    expect(result.at).toBe('/register');
    expect(result.search).toEqual({ step: 3 });
  });

  it('remembers where a logged-out visitor wanted to go', async () => {
    const result = await visit('/profile', 'anonymous');
    expect(result.search).toEqual({ redirect: '/profile' });
  });

  it('shows the reset-password screen when the token verifies and the server check passes', async () => {
    const result = await visit('/user/reset-password/t1', 'anonymous', { resetTokenOk: true });
    expect(result.at).toBe('/user/reset-password/t1');
  });

  it('asks a signed-in user with a finished registration before /register logs them out', async () => {
    const cancelled = await visit('/register', 'luna', { confirm: false });
    expect(cancelled.confirm).toHaveBeenCalledOnce();
    expect(cancelled.session.getSnapshot().matches('authenticated')).toBe(true);

    const confirmed = await visit('/register', 'luna', { confirm: true });
    expect(confirmed.at).toBe('/register');
    await waitFor(confirmed.session, (s) => s.matches('loggedOut'));
    expect(confirmed.storage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('does not ask a visitor who is still registering', async () => {
    const result = await visit('/register', 'unfinished');
    expect(result.confirm).not.toHaveBeenCalled();
  });

  it('shows the not-found screen for an unknown address and for an unknown legal text', async () => {
    expect((await visit('/no/such/page', 'anonymous')).screen).toBe('not-found');
    expect((await visit('/legal/nope', 'luna')).screen).toBe('not-found');
  });
});
