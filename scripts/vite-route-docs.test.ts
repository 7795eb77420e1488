import { describe, expect, it } from 'vitest';
import { stripRouteDocs } from './vite-route-docs';

describe('the route table in the app build', () => {
  it('keeps what a call needs and drops the reference text', () => {
    const code = [
      'export const T = {',
      '  login: route({ method: "POST", path: "/api/login", summary: "Log in" + " now",',
      '    description: `Long text`, errors: { 401: ["auth.invalid"] }, answer: { status: 200 }, who: "public" }),',
      '};',
    ].join('\n');
    const out = stripRouteDocs(code);
    expect(out).not.toMatch(/summary|description|Log in|Long text/);
    const route = (r: unknown) => r;
    expect(new Function('route', `${out.replace('export const T', 'const T')}; return T;`)(route)).toEqual({
      login: {
        method: 'POST',
        path: '/api/login',
        errors: { 401: ['auth.invalid'] },
        answer: { status: 200 },
        who: 'public',
      },
    });
  });
});
