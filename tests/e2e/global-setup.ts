import { buildSpaIfStale } from '../../server/build';

/** Browser tests drive the real built app: build it once before they start. */
export default function setup(): void {
  buildSpaIfStale();
}
