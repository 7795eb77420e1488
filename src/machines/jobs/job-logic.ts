import { submissionMachine } from '../shared/submission.machine';
import { areaLogic } from '../shell/app-logic';
import { type JobEffects, jobMachine } from './job.machine';
import { jobActors, resultActions } from './job-actors';

/** Matching jobs: the editor and the results page's requests. */
export const jobLogic = areaLogic(({ api }) => ({
  /**
   * One matching job; a company's is its request form (no weights, no runs). `effects` are what the
   * route does for the machine: navigate to a copy, reload the results tables after a run.
   */
  job: (asCompany: boolean, effects: JobEffects = {}) =>
    jobMachine.provide({
      actors: jobActors(api, { asCompany }),
      actions: {
        openCopy: (_, { uuid }) => effects.openCopy?.(uuid),
        resultsReplaced: () => effects.resultsReplaced?.(),
      },
    }),
  /** The results page's CSV download and shortlist stars; `reload` refreshes the results after a star changed. */
  jobResults: (jobUuid: string, reload: () => void) => {
    const actions = resultActions(api, jobUuid, reload);
    return {
      csv: submissionMachine.provide({ actors: { submit: actions.downloadCsv } }),
      shortlist: submissionMachine.provide({ actors: { submit: actions.toggleShortlist } }),
    };
  },
}));
