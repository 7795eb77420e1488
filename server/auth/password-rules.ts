import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import { ApiError } from '../http/errors';

zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
  graphs: common.adjacencyGraphs,
});

/** zxcvbn scores below this are refused (PRODUCT.md §3). */
export const MIN_PASSWORD_SCORE = 3;
/** Shorter local parts ("al@…") would forbid too many ordinary passwords to be useful. */
const MIN_LOCAL_PART = 3;

/**
 * The server's password rules beyond the length (which the contract's PasswordSchema checks):
 * answers the error code, or null when the password is acceptable for this address.
 */
export function passwordProblem(
  password: string,
  email: string,
): 'password.weak' | 'password.contains_email' | null {
  const localPart = email.trim().toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= MIN_LOCAL_PART && password.toLowerCase().includes(localPart)) {
    return 'password.contains_email';
  }
  const result = zxcvbn(password, [email, localPart, 'matchwerk']);
  return result.score < MIN_PASSWORD_SCORE ? 'password.weak' : null;
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
