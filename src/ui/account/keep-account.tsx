import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import { Button } from '../components/button';
import { errorMessage } from '../components/error-message';
import { Screen } from '../components/screen';

/** keep-account?token=…: the retention notice's link keeps the account (PRODUCT.md §8). */
export function KeepAccountScreen({ token, keep }: { token: string; keep: SubmissionActor }) {
  const { t, i18n } = useLingui();
  const state = useSelector(keep, (s) => s);
  // A spent, expired or missing link cannot keep anything: only that is said, with the way to sign in
  // (which keeps the account too), and no button invites another try. Other errors may be retried.
  const spent = token === '' || state.context.error === 'keep.invalid_token';
  return (
    <Screen title={t`Keep your account`}>
      {state.matches('done') ? (
        <p role="status">
          <Trans>
            Thank you: your account is kept. We will ask again only after a long time without activity.
          </Trans>
        </p>
      ) : spent ? (
        <p className="form-error" role="alert">
          {errorMessage(i18n, 'keep.invalid_token')}
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Your account was about to be deleted because it has not been used for a long time. Press the
              button to keep it with all its data.
            </Trans>
          </p>
          <Button
            isDisabled={state.hasTag('busy')}
            onPress={() => keep.send({ type: 'submission.submit', input: token })}
          >
            <Trans>Keep my account</Trans>
          </Button>
          {state.context.error && (
            <p className="form-error" role="alert">
              {errorMessage(i18n, state.context.error)}
            </p>
          )}
        </>
      )}
      <p>
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </Screen>
  );
}
