import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../contract/account';
import {
  containsEmail,
  MIN_PASSWORD_SCORE,
  type PasswordScorer,
  passwordUserInputs,
} from '../../../contract/password-rules';

let scorer: Promise<PasswordScorer> | undefined;

/** zxcvbn with the same dictionaries as the server, loaded only when a password is typed (~1 MB). */
function loadScorer(): Promise<PasswordScorer> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, de, en]) => {
    core.zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password: string, inputs: string[]) => core.zxcvbn(password, inputs).score;
  });
  return scorer;
}

/** The rules of PRODUCT.md §3 (contract/password-rules.ts) and a strength meter; the server decides. */
export function PasswordStrength({ password, email }: { password: string; email: string }) {
  const { t } = useLingui();
  const [score, setScore] = useState<number | null>(null);
  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let current = true;
    void loadScorer().then((score) => {
      if (current) setScore(score(password, passwordUserInputs(email)));
    });
    return () => {
      current = false;
    };
  }, [password, email]);
  const breaksEmailRule = containsEmail(password, email);
  const words = [t`very weak`, t`weak`, t`fair`, t`strong`, t`very strong`];
  return (
    <div className="password-strength" aria-live="polite">
      {/* Its line is there before the score is, saying so: the scorer loads after the first key, and a
          line appearing then would push the submit button away under a pointer on its way to it (the
          click lands beside it and nothing is sent); a hidden line left a blank gap under the field. */}
      <p className="strength" data-scored={score !== null}>
        <meter
          min={0}
          max={4}
          low={2}
          high={3}
          optimum={4}
          value={score ?? 0}
          aria-label={t`Password strength`}
        />{' '}
        {score === null ? <Trans>Strength: not rated yet</Trans> : <Trans>Strength: {words[score]}</Trans>}
      </p>
      <ul className="rules">
        <li data-ok={password.length >= PASSWORD_MIN_LENGTH}>
          <Trans>At least {PASSWORD_MIN_LENGTH} characters; long passphrases are best</Trans>
        </li>
        <li data-ok={password.length > 0 && !breaksEmailRule}>
          <Trans>Does not contain your e-mail address</Trans>
        </li>
        <li data-ok={score !== null && score >= MIN_PASSWORD_SCORE}>
          <Trans>Hard to guess: no common words, names or patterns alone</Trans>
        </li>
      </ul>
    </div>
  );
}
