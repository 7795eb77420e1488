import type { ListActor, ListSnapshot } from '../../machines/shared/list.machine';
import { RetryAlert } from './retry-alert';
import { Skeleton } from './skeleton';

/**
 * What a list-backed view shows of its load (PRODUCT.md §9), the same on every table and detail: a
 * translated failure with a retry that sends `list.retry`, and — until the first answer — a skeleton
 * announced as `loading`. Once a page is there it stays visible while the next loads (`aria-busy`
 * on the caller's content).
 */
export function ListStatus({
  list,
  state,
  loaded,
  loading,
  lines = 4,
}: {
  list: ListActor;
  state: ListSnapshot;
  /** Whether a page (or record) is already shown. */
  loaded: boolean;
  /** The skeleton's spoken name, e.g. "Loading the jobs…". */
  loading: string;
  lines?: number;
}) {
  return (
    <>
      {state.matches('failed') && (
        <RetryAlert code={state.context.error} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {!loaded && state.hasTag('busy') && <Skeleton lines={lines} heading={false} label={loading} />}
    </>
  );
}
