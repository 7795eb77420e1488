import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { FieldDefinition } from '../../../contract/catalog';
import { fieldLabel, valueText } from '../components/field-values';
import { type ProfileOwner, profileTabName } from '../components/profile-tabs';

/**
 * A profile the caller may read but not change, in place of its form: today only the company profile
 * as a contact's login sees it (the answer's `canEdit` is false, decision 0031), so the line on top
 * says who may change it. Its values by tab, each field with its value or "–".
 */
export function ProfileFacts({
  fields,
  tabs,
  values,
  idPrefix,
  owner,
}: {
  fields: FieldDefinition[];
  tabs: string[];
  values: Record<string, unknown>;
  idPrefix: string;
  owner: ProfileOwner;
}) {
  const { i18n } = useLingui();
  return (
    <div className="profile-facts">
      <p className="muted">
        <Trans>Only your company's main login can change the company profile.</Trans>
      </p>
      {tabs.map((key) => (
        <section key={key} aria-labelledby={`${idPrefix}-facts-${key}`}>
          <h2 id={`${idPrefix}-facts-${key}`}>{profileTabName(i18n, key, owner)}</h2>
          <dl className="facts">
            {fields
              .filter((field) => field.tab === key)
              .map((field) => (
                <Fragment key={field.key}>
                  <dt>{fieldLabel(field, i18n.locale)}</dt>
                  <dd>{valueText(i18n, field, values[field.key])}</dd>
                </Fragment>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
