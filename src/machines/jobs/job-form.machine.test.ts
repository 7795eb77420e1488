import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Job } from '../../../contract/job';
import { flush } from '../../../tests/support/deferred-actors';
import { jobFixture as job } from '../../../tests/support/job-fixtures';
import { fields, TOO_LONG } from '../../../tests/support/job-table';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import {
  CONFIRM_CLIENT_KEY,
  DEFAULT_WEIGHT,
  draftOf,
  formOf,
  JobSaveRejected,
  jobFormMachine,
} from './job-form.machine';

/** A form on its own: no what-if, and a save the test answers with `save`. */
function form(
  input: { job: Job | null; asCompany?: boolean },
  save: () => Promise<Job> = () => new Promise(() => {}),
) {
  return createActor(
    jobFormMachine.provide({
      actors: {
        whatIf: fromCallback(() => {}) as never,
        saveJob: fromPromise(save),
        createJob: fromPromise(save),
      },
    }),
    { input: { fields, asCompany: input.asCompany ?? false, job: input.job } },
  ).start();
}

describe('the job form', () => {
  it('needs the app to provide its saves: each stand-in fails, naming the call', async () => {
    expect(await standInOutcomes(jobFormMachine, ['createJob', 'saveJob'])).toEqual({
      createJob: 'Error: createJob is provided by the app',
      saveJob: 'Error: saveJob is provided by the app',
    });
  });

  it("holds a job's client beside its values and sends its uuid as `client`; none as null; a company never", () => {
    const form = formOf(job({ client: { uuid: 'c1', name: 'Mainsoft AG' } }));
    expect(form.values.client).toEqual({ uuid: 'c1', name: 'Mainsoft AG' });
    const draft = draftOf({ form, asCompany: false });
    expect(draft.client).toBe('c1');
    expect(draft.values).not.toHaveProperty('client');
    expect(
      draftOf({ form: { ...form, values: { ...form.values, client: null } }, asCompany: false }).client,
    ).toBeNull();
    expect(draftOf({ form, asCompany: true })).not.toHaveProperty('client');
    // The agent's "change the client anyway" (issue 41) goes as confirmClientChange, never as a value.
    expect(draft).not.toHaveProperty('confirmClientChange');
    const confirmed = draftOf({
      form: { ...form, values: { ...form.values, [CONFIRM_CLIENT_KEY]: true } },
      asCompany: false,
    });
    expect(confirmed.confirmClientChange).toBe(true);
    expect(confirmed.values).not.toHaveProperty(CONFIRM_CLIENT_KEY);
    expect(
      draftOf({ form: { ...form, values: { ...form.values, [CONFIRM_CLIENT_KEY]: true } }, asCompany: true }),
    ).not.toHaveProperty('confirmClientChange');
    // A job without a client opens without the key: its body is what it was before clients existed.
    expect(draftOf({ form: formOf(job()), asCompany: false })).not.toHaveProperty('client');
  });

  it('sends only filled values, and an agent’s criteria with a weight and a must flag, a company’s without', () => {
    const values = { title: 'T', blank: '', none: null, gone: undefined, noList: [], list: ['a'] };
    const criteria = [
      { key: 'skills', value: ['go'] },
      { key: 'languages', value: 1, weight: 5, must: true },
    ];
    expect(draftOf({ form: { values, criteria }, asCompany: false })).toEqual({
      values: { title: 'T', list: ['a'] },
      criteria: [
        { key: 'skills', value: ['go'], weight: DEFAULT_WEIGHT, must: false },
        { key: 'languages', value: 1, weight: 5, must: true },
      ],
    });
    expect(draftOf({ form: { values, criteria }, asCompany: true }).criteria).toEqual([
      { key: 'skills', value: ['go'] },
      { key: 'languages', value: 1 },
    ]);
  });

  it('opens a company’s criteria without weight or must flag, an agent’s with both', () => {
    const request = job({ criteria: [{ key: 'skills', value: ['go'] }] as Job['criteria'] });
    expect(formOf(request).criteria).toEqual([{ key: 'skills', value: ['go'] }]);
    const agents = job({ criteria: [{ key: 'skills', value: ['go'], weight: 4 }] as Job['criteria'] });
    expect(formOf(agents).criteria).toEqual([{ key: 'skills', value: ['go'], weight: 4, must: false }]);
  });

  it('keeps each criterion where it is, appends a new one, and drops one taken away', () => {
    const two = job({
      criteria: [
        { key: 'skills', value: ['go'], weight: 3, must: false },
        { key: 'languages', value: ['de'], weight: 2, must: true },
      ],
    });
    const actor = form({ job: two });
    actor.send({ type: 'job.criterion', key: 'skills', patch: { weight: 1 } });
    actor.send({ type: 'job.criterion', key: 'occupation', patch: { value: ['cook'] } });
    expect(actor.getSnapshot().context.form.criteria).toEqual([
      { key: 'skills', value: ['go'], weight: 1, must: false },
      { key: 'languages', value: ['de'], weight: 2, must: true },
      { key: 'occupation', value: ['cook'], weight: DEFAULT_WEIGHT, must: false },
    ]);
    actor.send({ type: 'job.criterion', key: 'skills', patch: null });
    expect(actor.getSnapshot().context.form.criteria.map((c) => c.key)).toEqual(['languages', 'occupation']);
  });

  it('gives a company’s criterion neither weight nor must flag, whatever it is sent', () => {
    const actor = form({ job: null, asCompany: true });
    actor.send({ type: 'job.criterion', key: 'skills', patch: { value: ['go'], weight: 5, must: true } });
    expect(actor.getSnapshot().context.form.criteria).toEqual([{ key: 'skills', value: ['go'] }]);
  });

  it('clears the error of the field that changed, and only that one', async () => {
    const actor = form({ job: job() }, () =>
      Promise.reject(
        new JobSaveRejected({ title: ['field.too_long'], 'criteria.skills': ['field.invalid'] }),
      ),
    );
    actor.send({ type: 'job.change', key: 'title', value: 'Neu' });
    actor.send({ type: 'job.save' });
    await flush();
    expect(actor.getSnapshot().context.formErrors).toEqual({
      title: ['field.too_long'],
      'criteria.skills': ['field.invalid'],
    });
    actor.send({ type: 'job.criterion', key: 'skills', patch: { value: ['go'] } });
    expect(actor.getSnapshot().context.formErrors).toEqual({ title: ['field.too_long'] });
    actor.send({ type: 'job.change', key: 'title', value: TOO_LONG });
    expect(actor.getSnapshot().context.formErrors).toEqual({});
  });
});
