// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inGroups, inTasks, nextTask } from './next-task';

describe('work in tasks of its own', () => {
  it('resolves after the current task, not within it', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    order.push('same task');
    await waited;
    expect(order).toEqual(['same task', 'next task']);
  });

  it('runs the first step at once and each further one in a later task, in order', async () => {
    const ran: number[] = [];
    const done = inTasks([1, 2, 3].map((n) => () => ran.push(n)));
    expect(ran).toEqual([1]);
    await Promise.resolve();
    expect(ran).toEqual([1]);
    await done;
    expect(ran).toEqual([1, 2, 3]);
  });

  it('cuts a list into groups of a size, the last one shorter', () => {
    expect(inGroups([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inGroups([], 3)).toEqual([]);
  });
});
