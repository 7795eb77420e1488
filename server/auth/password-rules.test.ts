import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules';

describe('password rules (PRODUCT.md §3)', () => {
  it('refuses common English and German passwords and keyboard walks as weak', () => {
    for (const weak of ['password123', 'Passwort123', 'qwertzuiop', 'sommerferien', 'iloveyou12'])
      expect(passwordProblem(weak, 'someone@example.com')).toBe('password.weak');
  });

  it('refuses a password containing the local part of the e-mail, in any case', () => {
    expect(passwordProblem('xX-MariaMueller-Blau-42', 'maria.mueller@example.com')).toBeNull();
    expect(passwordProblem('Blau-Maria.Mueller-42!', 'maria.mueller@example.com')).toBe(
      'password.contains_email',
    );
  });

  it('accepts a long unusual passphrase', () => {
    expect(passwordProblem('Kanufahrt-Zitrone-Wolke-93', 'someone@example.com')).toBeNull();
  });
});
