import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './errors';

// A "database" that accepts TCP connections and never answers: what a frozen PostgreSQL looks like.
let silent: Server;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('connecting to a database that does not answer', () => {
  it('fails within the connect timeout with an error that maps to 503', async () => {
    const handle = await openDatabase(
      { url: `postgres://nobody@127.0.0.1:${port}/none` },
      { connectMs: 300 },
    );
    try {
      const started = performance.now();
      const error = await handle.ping().catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await handle.close();
    }
  });
});
