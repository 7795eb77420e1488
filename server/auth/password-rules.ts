import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import {
  passwordProblem as contractPasswordProblem,
  type PasswordProblem,
} from '../../contract/password-rules';
import { ApiError } from '../errors';

zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
  graphs: common.adjacencyGraphs,
});

const score = (password: string, inputs: string[]) => zxcvbn(password, inputs).score;

/** The contract's password rules (contract/password-rules.ts) with the server's zxcvbn. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  return contractPasswordProblem(password, email, score);
}

/** Throws 400 with the code (top level and under `field`) when the password breaks a rule. */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) {
    const message =
      problem === 'password.weak' ? 'Password too weak' : 'Password contains the e-mail address';
    throw new ApiError(400, problem, message, { [field]: [problem] });
  }
}
