import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { HashQueue } from './password';

// Fair logins (issue 23): hashing first come first served, at most `concurrency` at once, a bounded
// queue that answers 503 with Retry-After when full.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('HashQueue', () => {
  it('runs at most `concurrency` at once and starts the waiting in arrival order', async () => {
    const queue = new HashQueue(2, 10);
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(4);
    // The second finishes first: the longest waiter (2) goes next, not the newest.
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.queued).toBe(0);
  });

  it('answers 503 server.busy with Retry-After when the queue is full, and frees the place after a failure', async () => {
    const queue = new HashQueue(1, 1);
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    const refused = await queue.run(async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'server.busy' });
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
