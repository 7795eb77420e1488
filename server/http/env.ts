import type { RequestIdVariables } from 'hono/request-id';
import type { Logger } from '../log';

/**
 * The variables every request carries (set in server/app.ts). Its own module so that the route modules
 * need not import server/app.ts, which imports them.
 */
export type AppEnv = { Variables: RequestIdVariables & { log: Logger } };
