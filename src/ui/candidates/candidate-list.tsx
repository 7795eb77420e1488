import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ProfileListItem, ProfileListResponse } from '../../../contract/agent';
import {
  CANDIDATE_PAGE_SIZE,
  type CandidateListSearch,
  effectiveOrder,
} from '../../../contract/candidate-search';
import type { FieldDefinition } from '../../../contract/catalog';
import { cityName } from '../../../contract/city-names';
import { phoneForReader } from '../../../contract/phone';
import type { CandidateType, Language } from '../../../contract/user-types';
import { type Resource, resourceData, shownPage } from '../../machines/shared/resource.machine';
import { Deferred } from '../components/deferred';
import { EmailText } from '../components/email-text';
import { optionLabel } from '../components/field-values';
import { formatDate } from '../components/format';
import { Pagination } from '../components/pagination';
import { ProtectedImage } from '../components/protected-image';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { Select } from '../components/select';
import { ColumnHeader, DataTable, EmptyRow, LinkedRow, type SortState } from '../components/table';
import { TextField } from '../components/text-field';
import { VettingSelect } from '../components/vetting-select';
import { MatchingState } from './matching-state';

/** Where a candidate's page is, per type. */
export const DETAIL_ROUTE = {
  stella: '/stellas/view/$uuid',
  luna: '/lunas/view/$uuid',
  nova: '/novas/view/$uuid',
} as const;
/** Where a new candidate of each type is entered. */
export const NEW_ROUTE = { stella: '/stellas/new', luna: '/lunas/new', nova: '/novas/new' } as const;

/** The tables' titles, per type. */
export const CANDIDATE_TABLE_TITLES = {
  stella: msg`Stellas`,
  luna: msg`Lunas`,
  nova: msg`Novas`,
} as const satisfies Record<CandidateType, MessageDescriptor>;

export interface CandidateListScreenProps {
  type: CandidateType;
  list: Resource<ProfileListResponse>;
  /** The candidate type's profile fields (the occupation's labels). */
  fields: Resource<FieldDefinition[]>;
  search: CandidateListSearch;
  /** Changes the URL's table state (a new filter goes back to page 1; typing replaces the entry). */
  onSearch: (patch: Partial<CandidateListSearch>, options?: { replace?: boolean }) => void;
}

/** stellas / lunas / novas (PRODUCT.md §6): search, filters, sortable columns, pages; a row opens the candidate. */
export function CandidateListScreen({ type, list, fields, search, onSearch }: CandidateListScreenProps) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  const catalog = resourceData(useSelector(fields, (s) => s)) ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / CANDIDATE_PAGE_SIZE)) : 1;
  const title = i18n._(CANDIDATE_TABLE_TITLES[type]);
  const filter = (patch: Partial<CandidateListSearch>) => onSearch({ ...patch, page: 1 }, { replace: true });
  const sort: SortState = {
    column: search.sort,
    direction: effectiveOrder(search) === 'asc' ? 'ascending' : 'descending',
  };

  return (
    <Screen title={title}>
      <p>
        <Link to={NEW_ROUTE[type]} className="button">
          <Trans>New</Trans>
        </Link>
      </p>
      <CandidateFilters search={search} onFilter={filter} />
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(page)}
        loading={t`Loading the candidates…`}
      />
      {/* The rows are drawn in the background: twenty rows of react-aria cells were one long task. */}
      <Deferred>
        {page && (
          <div className="candidate-table" aria-busy={state.hasTag('busy')}>
            <p className="muted" aria-live="polite">
              <Plural value={page.total} one="# candidate" other="# candidates" />
            </p>
            <CandidateTable
              type={type}
              fields={catalog}
              title={title}
              items={page.items}
              sort={sort}
              onSort={(next) =>
                onSearch({
                  // Only the sortable columns (name, completeness, updated) offer a sort button.
                  sort: next.column as CandidateListSearch['sort'],
                  order: next.direction === 'ascending' ? 'asc' : 'desc',
                  page: 1,
                })
              }
              empty={
                search.q ||
                search.status ||
                search.registration ||
                search.created ||
                search.vet ||
                search.assigned !== 'any' ? (
                  <Trans>No candidate matches this search and these filters.</Trans>
                ) : (
                  <Trans>There are no candidates of this kind yet.</Trans>
                )
              }
            />
            <Pagination
              page={shownPage(state, search.page)}
              pageCount={pages}
              onChange={(next) => onSearch({ page: next })}
            />
          </div>
        )}
      </Deferred>
    </Screen>
  );
}

/**
 * The table's search field and filters, as the address's search has them. The build also prerenders
 * them, with the table's defaults, into the page a candidate table's address is answered with
 * (src/ui/shell/static-pages.tsx).
 */
export function CandidateFilters({
  search,
  onFilter,
}: {
  search: CandidateListSearch;
  onFilter: (patch: Partial<CandidateListSearch>) => void;
}) {
  const { t } = useLingui();
  return (
    <search className="filters candidate-filters" aria-label={t`Search and filter`}>
      <TextField
        label={t`Search`}
        type="search"
        description={t`Name, e-mail, phone, city, occupation or skill`}
        value={search.q}
        onChange={(q) => onFilter({ q })}
      />
      <Select
        label={t`Assigned`}
        selectedKey={search.assigned}
        onSelectionChange={(key) => onFilter({ assigned: key as CandidateListSearch['assigned'] })}
        options={[
          { id: 'any', label: t`All` },
          { id: 'me', label: t`Assigned to me` },
          { id: 'none', label: t`Unassigned` },
        ]}
      />
      <Select
        label={t`Status`}
        selectedKey={search.status ?? 'all'}
        onSelectionChange={(key) =>
          onFilter({ status: key === 'all' ? undefined : (key as CandidateListSearch['status']) })
        }
        options={[
          { id: 'all', label: t`All` },
          { id: 'active', label: t`Active` },
          { id: 'inactive', label: t`Inactive` },
        ]}
      />
      <Select
        label={t`Registration`}
        selectedKey={search.registration ?? 'all'}
        onSelectionChange={(key) =>
          onFilter({
            registration: key === 'all' ? undefined : (key as CandidateListSearch['registration']),
          })
        }
        options={[
          { id: 'all', label: t`All` },
          { id: 'finished', label: t`Finished` },
          { id: 'unfinished', label: t`Unfinished` },
        ]}
      />
      <Select
        label={t`Created`}
        selectedKey={search.created ?? 'all'}
        onSelectionChange={(key) =>
          onFilter({ created: key === 'all' ? undefined : (key as CandidateListSearch['created']) })
        }
        options={[
          { id: 'all', label: t`Any time` },
          { id: 'week', label: t`In the last 7 days` },
        ]}
      />
      <VettingSelect value={search.vet} onChange={(vet) => onFilter({ vet })} />
    </search>
  );
}

function CandidateTable({
  type,
  fields,
  title,
  items,
  sort,
  onSort,
  empty,
}: {
  type: CandidateType;
  fields: FieldDefinition[];
  title: string;
  items: ProfileListItem[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const occupation = fields.find((f) => f.key === 'occupation');
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label[i18n.locale as Language] ?? key;
  const sortable = { sort, onSort };
  return (
    <DataTable label={title}>
      <thead>
        <tr>
          <ColumnHeader column="photo">
            <span className="visually-hidden">
              <Trans>Photo</Trans>
            </span>
          </ColumnHeader>
          <ColumnHeader column="name" {...sortable}>
            {t`Name`}
          </ColumnHeader>
          <ColumnHeader column="email">{t`E-mail`}</ColumnHeader>
          <ColumnHeader column="phone">{t`Phone`}</ColumnHeader>
          <ColumnHeader column="city">{t`City`}</ColumnHeader>
          <ColumnHeader column="occupation">{t`Occupation`}</ColumnHeader>
          <ColumnHeader column="status">{t`Status`}</ColumnHeader>
          <ColumnHeader column="agent">{t`Agent`}</ColumnHeader>
          <ColumnHeader column="completeness" {...sortable}>
            {t`Complete`}
          </ColumnHeader>
          <ColumnHeader column="updated" {...sortable}>
            {t`Last change`}
          </ColumnHeader>
          <ColumnHeader column="contact">{t`Last contact`}</ColumnHeader>
        </tr>
      </thead>
      <tbody>
        {items.length === 0 && <EmptyRow columns={11}>{empty}</EmptyRow>}
        {items.map((item) => (
          <LinkedRow
            key={item.uuid}
            onOpen={() => navigate({ to: DETAIL_ROUTE[type], params: { uuid: item.uuid } })}
          >
            <td>
              <ProtectedImage src={item.thumbnail} alt="" size={40} className="avatar" />
            </td>
            <th scope="row">
              <Link to={DETAIL_ROUTE[type]} params={{ uuid: item.uuid }}>
                {item.name}
              </Link>
            </th>
            <td>{item.email ? <EmailText email={item.email} /> : '–'}</td>
            <td className="phone-cell">
              {item.phone ? <a href={`tel:${item.phone}`}>{phoneForReader(item.phone)}</a> : '–'}
            </td>
            <td>{item.city ? cityName(item.city, i18n.locale as Language) : '–'}</td>
            <td>{item.occupation ? optionLabel(occupation, item.occupation, i18n.locale) : '–'}</td>
            <td>
              {/* A blocked row answers status inactive whatever the candidate's own switch says. */}
              <MatchingState paused={item.status === 'inactive' && !item.blocked} blocked={item.blocked} />
            </td>
            <td>{item.assignedAgent ? (item.assignedAgent.name ?? item.assignedAgent.email) : '–'}</td>
            <td>
              <span className="completeness">
                {i18n.number(item.completeness / 100, { style: 'percent' })}
                {item.missing.length > 0 && (
                  <span className="completeness-missing">
                    {t`missing: ${item.missing.map(labelOf).join(', ')}`}
                  </span>
                )}
              </span>
            </td>
            <td>{formatDate(i18n, item.updatedAt)}</td>
            <td>{item.lastContact ? formatDate(i18n, item.lastContact) : '–'}</td>
          </LinkedRow>
        ))}
      </tbody>
    </DataTable>
  );
}
