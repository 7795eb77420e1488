import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { type HandOffOutcome, HandOffRefused, handOff } from './form-hand-off';

// A flow that owns a call: `flow.go` starts it (only while idle), the test answers it.
const flowMachine = setup({
  types: {
    events: {} as { type: 'flow.go'; value: string } | { type: 'test.ok' } | { type: 'test.refuse' },
    context: {} as { error: string | null; got: string[] },
  },
}).createMachine({
  context: { error: null, got: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'flow.go': {
          target: 'running',
          actions: assign(({ context, event }) => ({ got: [...context.got, event.value] })),
        },
      },
    },
    running: {
      on: {
        'test.ok': 'finished',
        'test.refuse': {
          target: 'idle',
          actions: ({ context }) => Object.assign(context, { error: 'x.no' }),
        },
      },
    },
    finished: {},
  },
});

const outcome = (s: { matches: (v: 'idle' | 'running') => boolean; context: { error: string | null } }) =>
  (s.matches('running')
    ? 'pending'
    : s.matches('idle')
      ? { code: s.context.error, fields: {} }
      : 'done') as HandOffOutcome;

describe('handing a form over to its flow', () => {
  it('sends the event and settles when the flow is done', async () => {
    const flow = createActor(flowMachine).start();
    const handed = handOff(flow, { type: 'flow.go', value: 'a' }, outcome);
    expect(flow.getSnapshot().value).toBe('running');
    expect(flow.getSnapshot().context.got).toEqual(['a']);
    flow.send({ type: 'test.ok' });
    await expect(handed).resolves.toBeUndefined();
  });

  it('fails with the codes the flow gives when it refuses', async () => {
    const flow = createActor(flowMachine).start();
    const handed = handOff(flow, { type: 'flow.go', value: 'a' }, outcome);
    flow.send({ type: 'test.refuse' });
    await expect(handed).rejects.toEqual({ code: 'x.no', fields: {} });
  });

  it('sends nothing and fails when the flow does not take the event', async () => {
    const flow = createActor(flowMachine).start();
    flow.send({ type: 'flow.go', value: 'a' });
    await expect(handOff(flow, { type: 'flow.go', value: 'b' }, outcome)).rejects.toBeInstanceOf(
      HandOffRefused,
    );
    expect(flow.getSnapshot().context.got).toEqual(['a']);
  });
});
