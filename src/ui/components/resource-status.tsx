import type { ResourceActor, ResourceSnapshot } from '../../machines/shared/resource.machine';
import { RetryAlert } from './retry-alert';
import { Skeleton } from './skeleton';

/**
 * What a view backed by a resource actor shows of its load (PRODUCT.md §9), the same on every table
 * and detail: a translated failure with a retry that sends `resource.retry`, and — until the first
 * answer — a skeleton announced as `loading`. Once an answer is there it stays visible while the next
 * loads (`aria-busy` on the caller's content).
 */
export function ResourceStatus({
  resource,
  state,
  loaded,
  loading,
  lines = 4,
}: {
  resource: ResourceActor;
  state: ResourceSnapshot;
  /** Whether a page (or record) is already shown. */
  loaded: boolean;
  /** The skeleton's spoken name, e.g. "Loading the jobs…". */
  loading: string;
  lines?: number;
}) {
  return (
    <>
      {state.matches('failed') && (
        <RetryAlert code={state.context.error} onRetry={() => resource.send({ type: 'resource.retry' })} />
      )}
      {!loaded && state.hasTag('busy') && <Skeleton lines={lines} heading={false} label={loading} />}
    </>
  );
}
