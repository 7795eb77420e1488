// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Staged } from './deferred';

// The tasks Staged waits for are the test's to run, one at a time.
const tasks = vi.hoisted(() => [] as (() => void)[]);
vi.mock('./next-task', () => ({ nextTask: () => new Promise<void>((resolve) => tasks.push(resolve)) }));

// Each part says when it is drawn; `task` counts the tasks the test has let run.
let task = 0;
const drawn: [string, number][] = [];
function Part({ name }: { name: string }) {
  useEffect(() => {
    drawn.push([name, task]);
  }, [name]);
  return <p>{name}</p>;
}

/** Lets the next task run (inside act, so React commits what it scheduled). */
async function nextTask() {
  task += 1;
  await act(async () => {
    tasks.shift()?.();
  });
}

function parts(names: string[]) {
  return names.map((name) => (
    <Staged key={name} fallback={<p>{`waiting ${name}`}</p>}>
      <Part name={name} />
    </Staged>
  ));
}

beforeEach(() => {
  task = 0;
  drawn.length = 0;
});
afterEach(async () => {
  cleanup();
  // The queue is the module's: let a test's leftovers pass before the next test.
  while (tasks.length > 0) await nextTask();
});

describe('Staged (issue 22: one react-aria collection per task)', () => {
  it('shows the fallbacks first, then one part per task, in the order they were mounted', async () => {
    render(parts(['a', 'b', 'c']));
    expect(screen.getByText('waiting a')).toBeTruthy();
    expect(screen.getByText('waiting c')).toBeTruthy();
    expect(drawn).toEqual([]);
    await nextTask();
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getByText('waiting b')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('b')).toBeTruthy();
    expect(screen.getByText('waiting c')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('c')).toBeTruthy();
    // Every part in a task of its own.
    expect(drawn).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('passes over a part that is gone before its turn, and a part mounted later still comes', async () => {
    const view = render(parts(['a', 'b', 'c']));
    view.rerender(parts(['a', 'c']));
    await nextTask();
    await nextTask();
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getByText('c')).toBeTruthy();
    expect(drawn.map(([name]) => name)).toEqual(['a', 'c']);
    view.rerender(parts(['a', 'c', 'd']));
    await nextTask();
    expect(screen.getByText('d')).toBeTruthy();
  });

  it('keeps a drawn part drawn when its parent draws again', async () => {
    const view = render(parts(['a']));
    await nextTask();
    view.rerender(parts(['a']));
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.queryByText('waiting a')).toBeNull();
  });
});
