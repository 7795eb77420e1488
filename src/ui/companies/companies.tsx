import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback } from 'react';
import type {
  AgentListResponse,
  AgentRef,
  CompanyDetail,
  CompanyListResponse,
} from '../../../contract/agent';
import { cityName } from '../../../contract/city-names';
import { COMPANY_PAGE_SIZE, type CompanyListSearch } from '../../../contract/company-search';
import type { Language } from '../../../contract/user-types';
import type { ErasureLogic } from '../../machines/candidates/erasure-actors';
import { type Resource, resourceData, shownPage } from '../../machines/shared/resource.machine';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import type { TimelineLogic } from '../../machines/timeline/timeline-actors';
import { EmailText } from '../components/email-text';
import { EraseRecord } from '../components/erase-record';
import { isEmptyValue, valueText } from '../components/field-values';
import { FormError } from '../components/form-error';
import { formatDate } from '../components/format';
import { InviteForm } from '../components/invite-form';
import { Pagination } from '../components/pagination';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';
import { Timeline } from '../components/timeline';
import { VettingSelect } from '../components/vetting-select';
import { type ContactsLogic, ContactsSection } from './contacts';

const signedInRoute = getRouteApi('/_protected');
const listRoute = getRouteApi('/_protected/_employer/companies');

/** An agent as a table cell names them: name, else e-mail; "me" for the signed-in agent. */
export function AgentName({ agent }: { agent: AgentRef | null }) {
  const { claims } = signedInRoute.useLoaderData();
  if (!agent)
    return (
      <span className="muted">
        <Trans>nobody</Trans>
      </span>
    );
  const name = agent.name || agent.email;
  return agent.uuid === claims.sub ? <Trans>{name} (me)</Trans> : name;
}

/** companies (agents): search, assigned agent and open requests filters, paged; the URL holds it all. */
export function CompanyListScreen({ list }: { list: Resource<CompanyListResponse> }) {
  const { t, i18n } = useLingui();
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/companies' });
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  const setSearch = (patch: Partial<CompanyListSearch>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });
  const pages = page ? Math.max(1, Math.ceil(page.total / COMPANY_PAGE_SIZE)) : 1;
  const goToPage = (next: number) => navigate({ search: (prev) => ({ ...prev, page: next }) });
  return (
    <Screen title={t`Companies`}>
      <p>
        <Link to="/companies/new" className="button">
          <Trans>New</Trans>
        </Link>
      </p>
      <search className="filters company-filters" aria-label={t`Search and filter`}>
        <TextField label={t`Search`} type="search" value={search.q} onChange={(q) => setSearch({ q })} />
        <Select
          label={t`Assigned agent`}
          selectedKey={search.assigned}
          onSelectionChange={(key) => setSearch({ assigned: key as CompanyListSearch['assigned'] })}
          options={[
            { id: 'any', label: t`All` },
            { id: 'me', label: t`Assigned to me` },
            { id: 'none', label: t`Unassigned` },
          ]}
        />
        <Select
          label={t`Open requests`}
          selectedKey={search.open ?? 'all'}
          onSelectionChange={(key) =>
            setSearch({ open: key === 'all' ? undefined : (key as CompanyListSearch['open']) })
          }
          options={[
            { id: 'all', label: t`All` },
            { id: 'yes', label: t`With open requests` },
            { id: 'no', label: t`Without open requests` },
          ]}
        />
        <VettingSelect value={search.vet} onChange={(vet) => setSearch({ vet })} />
      </search>
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(page)}
        loading={t`Loading the companies…`}
      />
      {page && (
        <div className="table-wrap" aria-busy={state.hasTag('busy')}>
          <p className="muted" aria-live="polite">
            <Plural value={page.total} one="# company" other="# companies" />
          </p>
          <table className="company-table">
            <caption className="visually-hidden">{t`Companies`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Company</Trans>
                </th>
                <th scope="col" className="wide-only">
                  <Trans>City</Trans>
                </th>
                <th scope="col">
                  <Trans>Assigned agent</Trans>
                </th>
                <th scope="col">
                  <Trans>Open requests</Trans>
                </th>
                <th scope="col" className="wide-only">
                  <Trans>Last change</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((company) => (
                <tr key={company.uuid}>
                  <th scope="row">
                    <Link to="/companies/view/$uuid" params={{ uuid: company.uuid }}>
                      {company.name || company.email || t`Company`}
                    </Link>
                    {company.email && (
                      <div className="cell-note">
                        <EmailText email={company.email} />
                      </div>
                    )}
                    {company.city && (
                      <div className="cell-note narrow-only">
                        {cityName(company.city, i18n.locale as Language)}
                      </div>
                    )}
                  </th>
                  <td className="wide-only">
                    {company.city ? cityName(company.city, i18n.locale as Language) : '–'}
                  </td>
                  <td>
                    <AgentName agent={company.assignedAgent} />
                  </td>
                  <td>{company.openRequests}</td>
                  <td className="wide-only">{formatDate(i18n, company.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.items.length === 0 && (
            <p>
              {search.q ? (
                <Trans>No company matches this search.</Trans>
              ) : (
                <Trans>No company fits these filters.</Trans>
              )}
            </p>
          )}
          <Pagination page={shownPage(state, search.page)} pageCount={pages} onChange={goToPage} />
        </div>
      )}
    </Screen>
  );
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** companies/view/{uuid}: the company's data, its job requests and who looks after it. */
export function CompanyDetailScreen({
  detail,
  assign,
  agents,
  timeline,
  invitation,
  editor,
  contacts,
  erasure,
}: {
  detail: Resource<CompanyDetail>;
  assign: SubmissionActor;
  /** The deletion dialog (issue 42). */
  erasure: ErasureLogic;
  contacts: ContactsLogic;
  /** Senior agents only: the agents the company may be handed to. */
  agents: Resource<AgentListResponse> | null;
  timeline: TimelineLogic;
  /** Sends the invitation of a company without an account. */
  invitation: SubmissionActor;
  /** The company form (the owner's, over the agent's calls), which the route composes in. */
  editor: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { claims, fields } = signedInRoute.useLoaderData();
  const state = useSelector(detail, (s) => s);
  const busy = useSelector(assign, (s) => s.hasTag('busy'));
  const assignError = useSelector(assign, (s) => s.context.error);
  const company = resourceData(state);
  const name = text(company?.values.name) ?? company?.email ?? undefined;
  const language = i18n.locale === 'en' ? 'en' : 'de';
  const mine = company?.assignedAgent?.uuid === claims.sub;
  const navigate = useNavigate();
  const onErased = useCallback(() => void navigate({ to: '/companies', replace: true }), [navigate]);
  return (
    <Screen title={name ?? t`Company`}>
      <p>
        <Link to="/companies">
          <Trans>Back to the companies</Trans>
        </Link>
      </p>
      <ResourceStatus
        resource={detail}
        state={state}
        loaded={Boolean(company)}
        loading={t`Loading the company…`}
      />
      {company && (
        <div className="dashboard-grid" aria-busy={state.hasTag('busy')}>
          <section aria-labelledby="company-assignment">
            <h2 id="company-assignment">
              <Trans>Assigned agent</Trans>
            </h2>
            <p>
              <AgentName agent={company.assignedAgent} />
            </p>
            <FormError code={assignError} />
            {mine ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => assign.send({ type: 'submission.submit', input: null })}
              >
                <Trans>Unassign</Trans>
              </button>
            ) : (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => assign.send({ type: 'submission.submit', input: undefined })}
              >
                <Trans>Assign to me</Trans>
              </button>
            )}
            {agents && (
              <AssignToAgent agents={agents} assign={assign} current={company.assignedAgent?.uuid ?? null} />
            )}
          </section>
          <section aria-labelledby="company-data">
            <h2 id="company-data">
              <Trans>Company data</Trans>
            </h2>
            {/* A card of the dashboard grid is ~15 rem wide: each label stands above its value. */}
            <dl className="facts facts-stacked">
              <div className="fact">
                <dt>
                  <Trans>E-mail</Trans>
                </dt>
                <dd>{company.email ?? '–'}</dd>
              </div>
              {fields.company.map((field) => {
                const value = company.values[field.key];
                return isEmptyValue(value) ? null : (
                  <div key={field.key} className="fact">
                    <dt>{field.label[language]}</dt>
                    <dd>{valueText(i18n, field, value)}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
          <ContactsSection contacts={contacts} />
          {!company.hasAccount && (
            <InviteForm
              invitation={company.invitation}
              contactEmail={company.email}
              send={invitation}
              idPrefix="company-invite"
            />
          )}
          <section aria-labelledby="company-edit">
            <h2 id="company-edit">
              <Trans>Edit the company profile</Trans>
            </h2>
            {editor}
          </section>
          <section aria-labelledby="company-requests">
            <h2 id="company-requests">
              <Trans>Job requests</Trans>
            </h2>
            {company.requests.length === 0 ? (
              <p>
                <Trans>This company has not filed a request yet.</Trans>
              </p>
            ) : (
              <ul>
                {company.requests.map((request) => (
                  <li key={request.uuid}>
                    <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid: request.uuid }}>
                      {request.title || t`Untitled request`}
                    </Link>{' '}
                    <span className="muted">
                      · {request.status === 'archived' ? t`archived` : t`active`} ·{' '}
                      {formatDate(i18n, request.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Timeline logic={timeline} />
          <section aria-labelledby="company-erase">
            <h2 id="company-erase">
              <Trans>Delete the company</Trans>
            </h2>
            <p>
              <Trans>
                The company profile, its account, contacts and timeline go; its jobs stay without a client.
              </Trans>
            </p>
            <EraseRecord
              logic={erasure}
              target={{ kind: 'company', uuid: company.uuid }}
              onErased={onErased}
            />
          </section>
        </div>
      )}
    </Screen>
  );
}

/** A senior agent hands the company to any agent (the server refuses it to plain agents). */
function AssignToAgent({
  agents,
  assign,
  current,
}: {
  agents: Resource<AgentListResponse>;
  assign: SubmissionActor;
  current: string | null;
}) {
  const { t } = useLingui();
  const list = useSelector(agents, (s) => resourceData(s));
  const busy = useSelector(assign, (s) => s.hasTag('busy'));
  if (!list) return null;
  return (
    <form
      className="assign-other"
      onSubmit={(event) => {
        event.preventDefault();
        const agent = String(new FormData(event.currentTarget).get('agent') ?? '');
        if (agent) assign.send({ type: 'submission.submit', input: agent });
      }}
    >
      <Select
        key={current ?? 'none'}
        name="agent"
        label={t`Assign to another agent`}
        placeholder={t`Choose an agent`}
        defaultSelectedKey={current ?? undefined}
        options={list.items.map((agent) => ({ id: agent.uuid, label: agent.name || agent.email }))}
      />
      <button type="submit" disabled={busy}>
        <Trans>Assign</Trans>
      </button>
    </form>
  );
}
