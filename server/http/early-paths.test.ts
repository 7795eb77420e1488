import { describe, expect, it } from 'vitest';
import { EARLY_PATHS } from '../../contract/early-paths';
import { ROUTES_BY_KEY } from '../../contract/endpoint-list';

/** Whether an early path (`/api/job/{uuid}/run`) is the route `GET /api/job/{uuid}/run` of the reference. */
function isGetRoute(path: string, key: string): boolean {
  const [method, routePath = ''] = key.split(' ');
  if (method !== 'GET') return false;
  const early = path.split('/');
  const route = routePath.split('/');
  return (
    early.length === route.length &&
    route.every((segment, i) => {
      const mine = early[i] ?? '';
      if (/^\{\w+\}$/.test(segment)) return mine !== '';
      return mine === segment;
    })
  );
}

describe('the early calls (contract/early-paths.ts)', () => {
  it('are each a GET route the API declares: the boot script asks nothing the table lacks', () => {
    const keys = [...ROUTES_BY_KEY.keys()];
    const missing = Object.values(EARLY_PATHS).filter((path) => !keys.some((key) => isGetRoute(path, key)));
    expect(missing).toEqual([]);
  });
});
