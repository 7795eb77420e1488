// Work split into tasks of its own (issue 22). A phone counts every task over 50 ms as blocking: a tap
// waits for it. The boot script, the app's start and the screens' collections each do their work in
// steps with the browser free in between.

type Yielding = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (the continuation goes first
 * among waiting tasks), else a message to itself, which — unlike a timer — a hidden tab does not
 * delay to once a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as Yielding).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs the steps in order, each in a task of its own (the first one at once). */
export async function inTasks(steps: readonly (() => void)[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await nextTask();
    step();
  }
}

/** `items` in groups of `size`, for `inTasks`: a task each. */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
