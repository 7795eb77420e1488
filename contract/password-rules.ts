/**
 * The password rules of PRODUCT.md §3 beyond the length (which PasswordSchema checks), shared by the
 * registration screen and the server. The zxcvbn scorer is passed in: the server loads it at start,
 * the browser only once a password is typed (about 1 MB).
 */
export type PasswordScorer = (password: string, userInputs: string[]) => number;

/** zxcvbn scores below this are refused. */
export const MIN_PASSWORD_SCORE = 3;
/** Shorter local parts ("al@…") would forbid too many ordinary passwords to be useful. */
const MIN_LOCAL_PART = 3;

export type PasswordProblem = 'password.weak' | 'password.contains_email';

/** The words a password must not be built on: the address, its local part, the product name. */
export function passwordUserInputs(email: string): string[] {
  return [email, localPart(email), 'matchwerk'];
}

/** True when the password contains the address's local part (if that is long enough to matter). */
export function containsEmail(password: string, email: string): boolean {
  const local = localPart(email);
  return local.length >= MIN_LOCAL_PART && password.toLowerCase().includes(local);
}

/** The code of the first rule the password breaks, or null when it is acceptable for this address. */
export function passwordProblem(
  password: string,
  email: string,
  score: PasswordScorer,
): PasswordProblem | null {
  if (containsEmail(password, email)) return 'password.contains_email';
  return score(password, passwordUserInputs(email)) < MIN_PASSWORD_SCORE ? 'password.weak' : null;
}

function localPart(email: string): string {
  return email.trim().toLowerCase().split('@')[0] ?? '';
}
