import { describe, expect, it } from 'vitest';
import { KeptAnswers, SharedRead } from './kept';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A read that answers when the test says, counting how often it was asked. */
function slowReads() {
  let reads = 0;
  const pending: ((answer: { json: string }, settled: boolean) => void)[] = [];
  const read = () => {
    reads += 1;
    return new Promise<{ answer: { json: string }; settled: boolean }>((resolve) =>
      pending.push((answer, settled) => resolve({ answer, settled })),
    );
  };
  return {
    read,
    reads: () => reads,
    answer: (json: string, settled = true) => pending.shift()!({ json }, settled),
  };
}

describe('kept answers', () => {
  it('serves a kept answer for its version only', () => {
    const kept = new KeptAnswers(10);
    kept.set('stellas', 'v1', { json: '[1]' });
    expect(kept.get('stellas', 'v1')).toEqual({ json: '[1]' });
    expect(kept.get('stellas', 'v2')).toBeUndefined();
    expect(kept.get('lunas', 'v1')).toBeUndefined();
    expect(kept.latest('stellas')).toEqual({ json: '[1]' });
  });

  it('drops the least recently used answer beyond its limit', () => {
    const kept = new KeptAnswers(2);
    kept.set('a', 'v', { json: 'a' });
    kept.set('b', 'v', { json: 'b' });
    kept.get('a', 'v');
    kept.set('c', 'v', { json: 'c' });
    expect(kept.size).toBe(2);
    expect(kept.get('b', 'v')).toBeUndefined();
    expect(kept.get('a', 'v')?.json).toBe('a');
    expect(kept.get('c', 'v')?.json).toBe('c');
  });

  it('reads once for requests asking the same at once, and keeps a settled answer', async () => {
    const kept = new KeptAnswers(10);
    const { read, reads, answer } = slowReads();
    const all = Promise.all([1, 2, 3].map(() => kept.answer('stellas', 'v1', read)));
    await flush();
    expect(reads()).toBe(1);
    answer('[1]');
    expect((await all).map((a) => a.json)).toEqual(['[1]', '[1]', '[1]']);
    expect((await kept.answer('stellas', 'v1', read)).json).toBe('[1]');
    expect(reads()).toBe(1);
    // Another version reads again.
    const moved = kept.answer('stellas', 'v2', read);
    await flush();
    answer('[2]');
    expect((await moved).json).toBe('[2]');
    expect(reads()).toBe(2);
  });

  it('serves an answer read while a write was in progress once, and reads again next time', async () => {
    const kept = new KeptAnswers(10);
    const { read, reads, answer } = slowReads();
    const first = kept.answer('stellas', 'v1', read);
    await flush();
    answer('[old]', false);
    expect((await first).json).toBe('[old]');
    const second = kept.answer('stellas', 'v1', read);
    await flush();
    expect(reads()).toBe(2);
    answer('[new]');
    expect((await second).json).toBe('[new]');
    // The unsettled answer stays comparable (latest) but was never served for v1 again.
    expect(kept.latest('stellas')?.json).toBe('[new]');
  });

  it('keeps nothing when the read fails, and the next request reads again', async () => {
    const kept = new KeptAnswers(10);
    await expect(kept.answer('x', 'v', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(kept.size).toBe(0);
    expect((await kept.answer('x', 'v', async () => ({ answer: { json: 'ok' }, settled: true }))).json).toBe(
      'ok',
    );
  });
});

describe('shared reads', () => {
  /** Reads the test answers one by one; each answer says which read it was. */
  function numberedReads() {
    const pending: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
    let started = 0;
    const read = () => {
      started += 1;
      const n = started;
      return new Promise<number>((resolve, reject) => pending.push({ resolve: () => resolve(n), reject }));
    };
    return {
      read,
      started: () => started,
      finish: () => pending.shift()!.resolve(0),
      fail: () => pending.shift()!.reject(new Error('down')),
    };
  }

  it('starts a read at once when none is under way', async () => {
    const reads = numberedReads();
    const shared = new SharedRead(reads.read);
    const first = shared.get();
    expect(reads.started()).toBe(1);
    reads.finish();
    expect(await first).toBe(1);
    const second = shared.get();
    expect(reads.started()).toBe(2);
    reads.finish();
    expect(await second).toBe(2);
  });

  it('gives callers who asked during a read the next read, started after it, one for all of them', async () => {
    const reads = numberedReads();
    const shared = new SharedRead(reads.read);
    const early = shared.get();
    const late = [shared.get(), shared.get(), shared.get()];
    await flush();
    // The late callers do not share the read that began before they asked, nor start their own yet.
    expect(reads.started()).toBe(1);
    reads.finish();
    expect(await early).toBe(1);
    await flush();
    expect(reads.started()).toBe(2);
    reads.finish();
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
  });

  it('gives the callers of a failed read its error, and those who asked during it the next read', async () => {
    const reads = numberedReads();
    const shared = new SharedRead(reads.read);
    const failing = shared.get();
    const late = shared.get();
    reads.fail();
    await expect(failing).rejects.toThrow('down');
    await flush();
    reads.finish();
    expect(await late).toBe(2);
  });
});
