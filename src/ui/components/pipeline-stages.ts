import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PipelineStage } from '../../../contract/pipeline';

// The pipeline's stages in the user's words (contract/pipeline.ts): the board, the job list's counts,
// the candidate's jobs, the dashboard and the timeline's "stage changed" all name them alike.

const STAGES: Record<PipelineStage, MessageDescriptor> = {
  proposed: msg`Proposed`,
  contacted: msg`Contacted`,
  submitted: msg`Submitted`,
  interview: msg`Interview`,
  offer: msg`Offer`,
  placed: msg`Placed`,
  rejected: msg`Rejected`,
  withdrawn: msg`Withdrawn`,
};

export function stageLabel(i18n: I18n, stage: string): string {
  const known = STAGES[stage as PipelineStage];
  return known ? i18n._(known) : stage;
}
