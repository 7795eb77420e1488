import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ErrorCode } from '../../contract/errors';
import { ApiError } from '../errors';

// OWASP's argon2id baseline (PRODUCT.md §3): 19 MiB, 2 passes, 1 lane; ~25 ms a hash here.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing, first come first served (issue 23): at most `concurrency` hashes at once (one
 * per core), the rest wait in arrival order, and a full queue answers 503 with Retry-After at once
 * rather than letting every login wait longer. Without it, 50 logins started together all hash at
 * once and finish in no order: p99 was 9 × p50 under load.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = availableParallelism(),
    readonly maxWaiting = 64 * availableParallelism(),
  ) {}

  /** How many wait for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting)
        throw new ApiError(503, ErrorCode.busy, 'Too many logins at once', undefined, { 'Retry-After': '1' });
      // The place is handed over by the one finishing (below): no one overtakes a waiter.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's one queue: every hash and verification of this process goes through it. */
export const passwordQueue = new HashQueue();

export function hashPassword(password: string): Promise<string> {
  return passwordQueue.run(() => hash(password, OPTIONS));
}

/** False for a wrong password or an unreadable hash; never throws on bad input (503 when the queue is full). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordQueue.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
