import { isOpenStage, type PipelineEntry, type PipelineStage } from '../../contract/pipeline';

/**
 * A board's entry as the server answers it, for the board machine's tests: a stella `p-<uuid>` on the
 * job `job`, moved by the demo agent; a closed entry's last open stage is the offer.
 */
export const boardEntry = (uuid: string, stage: PipelineStage, version = 0): PipelineEntry => ({
  uuid,
  jobUuid: 'job',
  profile: { uuid: `p-${uuid}`, type: 'stella', name: `Name ${uuid}`, photo: null },
  stage,
  lastOpenStage: isOpenStage(stage) ? stage : 'offer',
  reason: null,
  reasonBy: null,
  score: 50,
  followUp: null,
  version,
  movedAt: '2026-11-24T08:00:00.000Z',
  movedBy: 'agent@matchwerk.example',
  createdAt: '2026-11-24T08:00:00.000Z',
});
