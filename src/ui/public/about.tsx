import { Trans, useLingui } from '@lingui/react/macro';
import { Screen } from '../components/screen';

/** The agency behind this Matchwerk: who runs it, the team, how to reach them (static for now). */
export function AboutScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`About Matchwerk`}>
      <p className="lead">
        <Trans>
          Matchwerk is run by Matchwerk Personalvermittlung GmbH, a staffing agency for skilled and office
          staff in central Germany. We bring candidates and companies together — personally, and with a
          matching that explains itself.
        </Trans>
      </p>
      <div className="about-grid">
        <section className="card" aria-labelledby="about-agency">
          <h2 id="about-agency">
            <Trans>The agency</Trans>
          </h2>
          <p>
            <Trans>
              Founded in Leipzig in 2019, licensed for temporary employment and permanent placement. We place
              people in IT, engineering, logistics and administration.
            </Trans>
          </p>
        </section>
        <section className="card" aria-labelledby="about-team">
          <h2 id="about-team">
            <Trans>The team</Trans>
          </h2>
          <ul className="team">
            <li>
              <strong>Anna Berger</strong> — <Trans>managing director</Trans>
            </li>
            <li>
              <strong>Jonas Weber</strong> — <Trans>senior agent, IT and engineering</Trans>
            </li>
            <li>
              <strong>Leyla Demir</strong> — <Trans>agent, logistics and administration</Trans>
            </li>
          </ul>
        </section>
        <section className="card" aria-labelledby="about-contact">
          <h2 id="about-contact">
            <Trans>Contact</Trans>
          </h2>
          <address>
            Matchwerk Personalvermittlung GmbH
            <br />
            Musterstraße 12
            <br />
            04109 Leipzig
            <br />
            <Trans>Germany</Trans>
            <br />
            <Trans>Phone</Trans>: <a href="tel:+493411234560">+49 341 123456-0</a>
            <br />
            <Trans>E-mail</Trans>: <a href="mailto:team@matchwerk.example">team@matchwerk.example</a>
          </address>
        </section>
      </div>
    </Screen>
  );
}
