import { describe, expect, it } from 'vitest';
import { rolesOf } from './tokens';

describe('the roles claim', () => {
  it('names each role once: an agent was ROLE_AGENT twice (issue 41)', () => {
    expect(rolesOf({ userType: 'agent' })).toEqual(['ROLE_USER', 'ROLE_AGENT']);
    expect(rolesOf({ userType: 'senior_agent' })).toEqual(['ROLE_USER', 'ROLE_SENIOR_AGENT', 'ROLE_AGENT']);
    expect(rolesOf({ userType: 'stella' })).toEqual(['ROLE_USER', 'ROLE_STELLA']);
    expect(rolesOf({ userType: 'company' })).toEqual(['ROLE_USER', 'ROLE_COMPANY']);
  });
});
