import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useAppActors } from '../components/app-context';

type PublicPath = '/login' | '/register' | '/dashboard';

/** A link of the public pages: the router's Link in the app, a plain <a> in the prerendered HTML. */
export type LinkTo = (props: { to: PublicPath; className?: string; children: ReactNode }) => ReactNode;

const RouterLink: LinkTo = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

/** The landing page (PRODUCT.md §6): what Matchwerk does for whom, how it works, and the way in. */
export function LandingScreen() {
  const { session } = useAppActors();
  const signedIn = useSelector(session, (s) => s.matches('authenticated'));
  // Said once: the session forgets it at a reload or the next sign-in (issue 22).
  const notice = useSelector(session, (s) => s.context.farewell);
  return (
    <LandingView
      signedIn={signedIn}
      LinkTo={RouterLink}
      notice={
        signedIn ? null : notice === 'logged-out' ? (
          <Trans>You are logged out. See you soon!</Trans>
        ) : notice === 'account-deleted' ? (
          <Trans>Your account and all its data are deleted. Thank you for using Matchwerk.</Trans>
        ) : null
      }
    />
  );
}

export function LandingView({
  signedIn,
  LinkTo,
  notice = null,
}: {
  signedIn: boolean;
  LinkTo: LinkTo;
  /** What just ended (a logout, a deleted account), said where the visitor lands. */
  notice?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <title>{`${t`Matching people to jobs`} · Matchwerk`}</title>
      {notice && (
        <p role="status" className="landing-notice">
          {notice}
        </p>
      )}
      <div className="hero">
        <div>
          <h1 id="screen-title">{t`Matching people to jobs`}</h1>
          <p className="lead">
            <Trans>
              Matchwerk is the workplace of a staffing agency: candidates and employers keep their profiles,
              agents create matching jobs with weighted criteria and get a ranked, explained list of
              candidates.
            </Trans>
          </p>
          <ul className="actions">
            {signedIn ? (
              <li>
                <LinkTo to="/dashboard" className="btn btn-primary">
                  <Trans>To my dashboard</Trans>
                </LinkTo>
              </li>
            ) : (
              <>
                <li>
                  <LinkTo to="/login" className="btn btn-primary">
                    <Trans>Log in</Trans>
                  </LinkTo>
                </li>
                <li>
                  <LinkTo to="/register" className="btn btn-secondary">
                    <Trans>Register</Trans>
                  </LinkTo>
                </li>
              </>
            )}
          </ul>
        </div>
        <HeroArt />
      </div>

      <h2>
        <Trans>What Matchwerk does for you</Trans>
      </h2>
      <ul className="audiences">
        <li>
          <h3>
            <Trans>For candidates</Trans>
          </h3>
          <p>
            <Trans>
              Describe yourself once — skills, experience, languages, where and how you want to work. The
              agency finds the jobs that fit you, and you decide whether your profile takes part in matching.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>For companies</Trans>
          </h3>
          <p>
            <Trans>
              Keep your company profile and send job requests. You see the state of every request and get
              candidates the agency has checked, with the reasons they fit.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>For agents</Trans>
          </h3>
          <p>
            <Trans>
              Search and manage candidates and companies, weigh what matters for a job and get a ranked list
              in seconds — every score explained criterion by criterion.
            </Trans>
          </p>
        </li>
      </ul>

      <h2>
        <Trans>How it works</Trans>
      </h2>
      <ol className="steps">
        <li>
          <h3>
            <Trans>Register and build your profile</Trans>
          </h3>
          <p>
            <Trans>
              Confirm your e-mail address, protect your account by SMS if you like, fill in your profile.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>The agency matches</Trans>
          </h3>
          <p>
            <Trans>
              An agent turns a job into weighted criteria; Matchwerk scores every active profile against it.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>People meet</Trans>
          </h3>
          <p>
            <Trans>
              The best matches come with their reasons; the agent brings candidate and company together.
            </Trans>
          </p>
        </li>
      </ol>
    </section>
  );
}

/** A ranked list with score bars: what an agent gets back (decorative). */
function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 320 240" aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="300" height="220" rx="14" className="art-card" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row} transform={`translate(30 ${34 + row * 48})`}>
          <circle cx="14" cy="14" r="14" className={row === 0 ? 'art-accent' : 'art-line'} />
          <rect x="40" y="4" width={110 - row * 12} height="8" rx="4" className="art-line" />
          <rect x="40" y="18" width="220" height="8" rx="4" className="art-bar-soft" />
          <rect x="40" y="18" width={200 - row * 38} height="8" rx="4" className="art-bar" />
        </g>
      ))}
    </svg>
  );
}
