import type { ResourceActor, ResourceSnapshot } from '../../machines/shared/resource.machine';
import { RetryAlert } from './retry-alert';
import { Skeleton } from './skeleton';

/**
 * What a view backed by a resource actor shows of its load (PRODUCT.md §9), the same on every table
 * and detail: a translated failure with a retry that sends `resource.retry`, and — until the first
 * answer — a skeleton announced as `loading`. Once an answer is there it stays visible while the next
 * loads (`aria-busy` on the caller's content), under a visible `loading` line.
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
      {/* The last answer stays while the next loads: say so, visibly, or a hanging server looks like
          a search that found the old list (issue 22). */}
      {loaded && state.hasTag('busy') && (
        <p className="busy-line" role="status">
          {loading}
        </p>
      )}
    </>
  );
}
