import { Trans, useLingui } from '@lingui/react/macro';
import { Screen } from '../screen';

export function DashboardScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Dashboard`}>
      <p>
        <Trans>Your overview: what is new and what needs your attention.</Trans>
      </p>
    </Screen>
  );
}

export function ProfileScreen() {
  const { t } = useLingui();
  return <Screen title={t`Profile`} />;
}

export function CompaniesScreen() {
  const { t } = useLingui();
  return <Screen title={t`Companies`} />;
}

export function LifecycleScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Lifecycle`}>
      <p>
        <Trans>Where your account stands and what comes next.</Trans>
      </p>
    </Screen>
  );
}

export function MatchingJobsScreen() {
  const { t } = useLingui();
  return <Screen title={t`Matching jobs`} />;
}

export function NewJobScreen() {
  const { t } = useLingui();
  return <Screen title={t`New matching job`} />;
}
