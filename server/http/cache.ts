import type { MiddlewareHandler } from 'hono';

/**
 * Every /api answer is `no-store` unless its route says otherwise (a cacheable entry of the route
 * table, contract/route-table.ts `cache`, or a handler that sets its own): set before the handler runs,
 * so that whatever the route sets wins.
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};
