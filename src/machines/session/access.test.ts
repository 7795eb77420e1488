import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from './access';

describe('isSameOriginPath (the ?redirect= of /login)', () => {
  it.each(['/profile', '/dashboard?tab=2', '/stellas/view/u1#top', '/'])('follows %s', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'profile',
    '',
    '/\tevil',
    '/a\\b',
    'javascript:alert(1)',
  ])('refuses %j', (path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });
});
