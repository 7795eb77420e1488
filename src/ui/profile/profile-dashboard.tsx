import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { TokenClaims } from '../../../contract/session';
import type { Language } from '../../../contract/user-types';
import { mayEdit, type ProfileActor } from '../../machines/profile/profile.machine';
import { errorMessage } from '../components/error-message';
import { formatPercent } from '../components/format';
import { ProtectedImage } from '../components/protected-image';
import { Switch } from '../components/switch';

/** Completeness as a ring: the share of required fields filled. */
export function CompletenessRing({ percent }: { percent: number }) {
  const { t, i18n } = useLingui();
  const share = formatPercent(i18n, percent);
  const r = 42;
  const circumference = 2 * Math.PI * r;
  return (
    <figure className="ring" aria-label={t`Profile ${share} complete`} role="img">
      <svg viewBox="0 0 100 100" width="120" height="120" aria-hidden="true">
        <circle cx="50" cy="50" r={r} className="ring-track" />
        <circle
          cx="50"
          cy="50"
          r={r}
          className="ring-value"
          strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
          transform="rotate(-90 50 50)"
        />
        <text x="50" y="56" textAnchor="middle" className="ring-text">
          {share}
        </text>
      </svg>
    </figure>
  );
}

/** A candidate's or company's dashboard: completeness, what is missing, photo, 2FA, matching on/off. */
export function ProfileDashboard({ profile, claims }: { profile: ProfileActor; claims: TokenClaims }) {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const snapshot = useSelector(profile, (s) => s);
  const data = snapshot.context.profile;
  if (!data) return null;
  const candidate = claims.user_type !== 'company';
  const fieldOf = (key: string) => snapshot.context.fields.find((f) => f.key === key);
  const editPath = candidate ? '/profile' : '/companies';
  const editable = mayEdit(snapshot);
  return (
    <div className="dashboard-grid">
      <section aria-labelledby="dash-complete">
        <h2 id="dash-complete">
          {candidate ? <Trans>Your profile</Trans> : <Trans>Your company profile</Trans>}
        </h2>
        <CompletenessRing percent={data.completeness} />
        {data.missing.length > 0 ? (
          <>
            <p>
              {candidate ? (
                <Trans>
                  Your profile is {i18n.number(data.completeness / 100, { style: 'percent' })} complete.
                  Agents find and rank you by what matching uses; add:
                </Trans>
              ) : (
                <Trans>Still missing:</Trans>
              )}
            </p>
            <ul>
              {data.missing.map((key) => {
                const field = fieldOf(key);
                const label = field?.label[language] ?? key;
                // A contact's login cannot fill it in (decision 0031): a name, not a link to a form.
                return (
                  <li key={key}>
                    {editable ? (
                      <Link
                        to={editPath}
                        onClick={() => field && profile.send({ type: 'profile.tab', tab: field.tab })}
                      >
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p>
            <Trans>Everything required is filled in.</Trans>
          </p>
        )}
      </section>
      {candidate && (
        <section aria-labelledby="dash-photo">
          <h2 id="dash-photo">
            <Trans>Photo</Trans>
          </h2>
          <ProtectedImage
            src={snapshot.context.image}
            alt={t`Your profile photo`}
            size={128}
            className="avatar"
          />
          <p>
            <Link to="/profile">
              {snapshot.context.image ? <Trans>Change photo</Trans> : <Trans>Add a photo</Trans>}
            </Link>
          </p>
        </section>
      )}
      <section aria-labelledby="dash-security">
        <h2 id="dash-security">
          <Trans>Login protection</Trans>
        </h2>
        {claims.mfa_status === 'enabled' ? (
          <>
            <p>
              <Trans>Your login is protected with an SMS code.</Trans>
            </p>
            <p>
              <Link to="/profile" hash="account-settings-title">
                <Trans>Change it in your account settings</Trans>
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>
              <Trans>Your login is not protected with an SMS code.</Trans>
            </p>
            <p>
              <Link to="/mfa/register">
                <Trans>Protect it with an SMS code</Trans>
              </Link>
            </p>
          </>
        )}
      </section>
      {candidate && (
        <section aria-labelledby="dash-matching">
          <h2 id="dash-matching">
            <Trans>Matching</Trans>
          </h2>
          {data.pausedByAgency && (
            <p className="form-error" role="status" id="paused-by-agency">
              <Trans>
                Paused by the agency: you are not matched to jobs until the agency resumes your profile, and
                you cannot switch matching on yourself until then. Please contact your agent if you have
                questions.
              </Trans>
            </p>
          )}
          <Switch
            aria-describedby={data.pausedByAgency ? 'paused-by-agency' : undefined}
            isSelected={data.status === 'active'}
            isDisabled={
              !snapshot.can({
                type: 'profile.setStatus',
                status: data.status === 'active' ? 'inactive' : 'active',
              })
            }
            onChange={(on) => profile.send({ type: 'profile.setStatus', status: on ? 'active' : 'inactive' })}
          >
            {/* While the agency's pause holds, the switch is only the candidate's own half of it. */}
            {data.status === 'active' && data.pausedByAgency ? (
              <Trans>Your own switch is on; the agency's pause comes first</Trans>
            ) : data.status === 'active' ? (
              <Trans>Agents may match you to jobs</Trans>
            ) : (
              <Trans>Paused: you are not matched to jobs</Trans>
            )}
          </Switch>
          {snapshot.context.error && (
            <p className="form-error" role="alert">
              {errorMessage(i18n, snapshot.context.error)}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
