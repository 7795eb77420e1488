import { Trans, useLingui } from '@lingui/react/macro';
import type { Agency } from '../../../contract/legal';
import { Screen } from '../components/screen';

/** The agency behind this Matchwerk, from the same AGENCY_* settings the Impressum is filled from. */
export function AboutScreen({ agency }: { agency: Agency }) {
  const { t } = useLingui();
  return (
    <Screen title={t`About Matchwerk`}>
      <p className="lead">
        <Trans>
          Matchwerk is run by {agency.name}, a staffing agency for skilled and office staff. We bring
          candidates and companies together — personally, and with a matching that explains itself.
        </Trans>
      </p>
      <div className="about-grid">
        <section className="card" aria-labelledby="about-agency">
          <h2 id="about-agency">
            <Trans>The agency</Trans>
          </h2>
          <p>
            <Trans>
              Licensed for temporary employment and permanent placement. We place people in IT, engineering,
              logistics and administration.
            </Trans>
          </p>
        </section>
        <section className="card" aria-labelledby="about-team">
          <h2 id="about-team">
            <Trans>Management</Trans>
          </h2>
          <p>
            <strong>{agency.representative}</strong>
          </p>
        </section>
        <section className="card" aria-labelledby="about-contact">
          <h2 id="about-contact">
            <Trans>Contact</Trans>
          </h2>
          <address>
            {agency.name}
            <br />
            {agency.address}
            <br />
            <Trans>Phone</Trans>: <a href={`tel:${agency.phone.replace(/[^+\d]/g, '')}`}>{agency.phone}</a>
            <br />
            <Trans>E-mail</Trans>: <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </address>
        </section>
      </div>
    </Screen>
  );
}
