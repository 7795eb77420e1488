import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AgentAttention } from '../../../contract/attention';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { RetryAlert } from '../components/retry-alert';

/**
 * One item of the band: the count, what it counts, a link to the list of exactly those rows. At zero
 * it shows as done (a tick, "nothing to do"), never hidden: the agent sees that it was looked at.
 */
function Item({
  id,
  value,
  label,
  link,
  children,
}: {
  id: string;
  value: number | null;
  label: string;
  link: LinkProps;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const done = value === 0;
  return (
    <li className={done ? 'attention-item attention-done' : 'attention-item'} data-attention={id}>
      <Link {...link} className="attention-link">
        <span className="attention-value" aria-hidden={value === null || done}>
          {value === null ? '–' : done ? '✓' : i18n.number(value)}
        </span>
        <span className="attention-label">{label}</span>
      </Link>
      {children}
    </li>
  );
}

/**
 * What needs the agent's attention (PRODUCT.md §10 "The agent's day", issue 21 point 7): six counts,
 * the first thing on the dashboard. The band keeps its size from the first paint (the counts come
 * later, in the same boxes), so nothing below it moves when they arrive.
 */
export function AttentionBand({ counts }: { counts: Resource<AgentAttention> }) {
  const { t } = useLingui();
  const state = useSelector(counts, (s) => s);
  const data = resourceData(state);
  const n = (pick: (a: AgentAttention) => number) => (data ? pick(data) : null);
  const vet = data ? data.toVet.luna + data.toVet.nova + data.toVet.company : null;
  const vetTables = [
    { key: 'luna', to: '/lunas', name: t`Lunas` },
    { key: 'nova', to: '/novas', name: t`Novas` },
    { key: 'company', to: '/companies', name: t`Companies` },
  ] as const;
  const firstToVet = vetTables.find((table) => (data?.toVet[table.key] ?? 0) > 0) ?? vetTables[0];
  return (
    <section className="attention-band" aria-labelledby="attention-title" aria-busy={state.hasTag('busy')}>
      <h2 id="attention-title">
        <Trans>Needs your attention</Trans>
      </h2>
      {state.matches('failed') && (
        <RetryAlert code={state.context.error} onRetry={() => counts.send({ type: 'resource.retry' })} />
      )}
      <ul className="attention-items">
        <Item
          id="follow-ups"
          value={n((a) => a.followUps)}
          label={
            data?.followUps === 0
              ? t`No follow-up due`
              : t`${plural(data?.followUps ?? 2, { one: 'follow-up due', other: 'follow-ups due' })}`
          }
          link={{ to: '/pipeline/today' }}
        />
        <Item
          id="answers"
          value={n((a) => a.answers)}
          label={
            data?.answers === 0
              ? t`No new company answer`
              : t`${plural(data?.answers ?? 2, { one: 'new company answer', other: 'new company answers' })}`
          }
          link={{ to: '/pipeline/attention', search: { kind: 'answers' } }}
        />
        <Item
          id="requests"
          value={n((a) => a.requestsWithoutAgent)}
          label={
            data?.requestsWithoutAgent === 0
              ? t`Every request has an agent`
              : t`${plural(data?.requestsWithoutAgent ?? 2, {
                  one: 'request without an agent',
                  other: 'requests without an agent',
                })}`
          }
          link={{ to: '/matchingJob', search: { origin: 'company', agent: 'none' } }}
        />
        <Item
          id="to-vet"
          value={vet}
          label={
            vet === 0
              ? t`No new registration to vet`
              : t`${plural(vet ?? 2, { one: 'new registration to vet', other: 'new registrations to vet' })}`
          }
          link={{ to: firstToVet.to, search: { vet: 'new' } }}
        >
          {data && vet !== null && vet > 0 && (
            <span className="attention-split">
              {vetTables
                .filter((table) => data.toVet[table.key] > 0)
                .map((table, i) => (
                  <span key={table.key}>
                    {i > 0 && ' · '}
                    <Link
                      to={table.to}
                      search={{ vet: 'new' }}
                      aria-label={t`${data.toVet[table.key]} ${table.name} to vet`}
                    >
                      {data.toVet[table.key]} {table.name}
                    </Link>
                  </span>
                ))}
            </span>
          )}
        </Item>
        <Item
          id="stale"
          value={n((a) => a.staleRuns)}
          label={
            data?.staleRuns === 0
              ? t`Every run is up to date`
              : t`${plural(data?.staleRuns ?? 2, {
                  one: 'run whose criteria changed',
                  other: 'runs whose criteria changed',
                })}`
          }
          link={{ to: '/matchingJob', search: { agent: 'me', stale: 'yes' } }}
        />
        <Item
          id="unanswered"
          value={n((a) => a.unanswered)}
          label={
            data?.unanswered === 0
              ? t`No submission waiting 5 days`
              : t`${plural(data?.unanswered ?? 2, {
                  one: 'submission without an answer for 5 days',
                  other: 'submissions without an answer for 5 days',
                })}`
          }
          link={{ to: '/pipeline/attention', search: { kind: 'unanswered' } }}
        />
      </ul>
    </section>
  );
}
