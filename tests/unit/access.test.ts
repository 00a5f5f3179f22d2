import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, missingCapabilityMessage, rolesWith, type Capability } from '@/lib/contract/access';
import { ROLES } from '@/lib/contract/enums';
import { ROUTES } from '@/lib/contract/routes';

/** The access table (lib/contract/access.ts): the one answer to "who may do what", for routes, services and screens. */
describe('the access table', () => {
  it('can(): a caller holds a capability through any of its roles, nobody without roles or without a caller', () => {
    expect(can({ roles: ['EMPLOYEE'] }, 'wallet:read')).toBe(true);
    expect(can({ roles: ['EMPLOYEE'] }, 'wallet:manage')).toBe(false);
    expect(can({ roles: ['EMPLOYEE', 'ADMIN_USER'] }, 'wallet:manage')).toBe(true);
    expect(can({ roles: ['CUSTOMER'] }, 'tenant:staff')).toBe(false);
    expect(can({ roles: [] }, 'wallet:read')).toBe(false);
    expect(can(null, 'wallet:read')).toBe(false);
  });

  it('every capability names known roles, at least one, none twice', () => {
    for (const [capability, roles] of Object.entries(CAPABILITIES)) {
      expect(roles.length, capability).toBeGreaterThan(0);
      expect(new Set(roles).size, capability).toBe(roles.length);
      for (const role of roles) expect(ROLES, `${capability}: ${role}`).toContain(role);
    }
  });

  it('the 403 message names the roles in the table order, as the API has always worded it', () => {
    expect(missingCapabilityMessage('wallet:read')).toBe('this operation requires one of the roles CUSTOMER, ADMIN_USER, EMPLOYEE, TRANSACTION_APPROVER, COMPLIANCE_OFFICER');
    expect(missingCapabilityMessage('customer:deactivate')).toBe('this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER');
    expect(rolesWith('card:read')).toEqual(['ADMIN_USER', 'EMPLOYEE']);
  });

  it('what each role may do (the table read the other way round)', () => {
    const byRole = Object.fromEntries(ROLES.map((role) => [role, (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can({ roles: [role] }, c))]));
    expect(byRole).toEqual({
      ADMIN_USER: [
        'wallet:read', 'wallet:manage', 'ledger:administer', 'tenant:staff', 'card:read', 'card:write', 'verification:review', 'verification:assign',
        'verification:configure', 'customer:deactivate', 'customer:audit', 'user:manage', 'categorization:manage', 'webhook:manage',
        'aml:read', 'aml:screen', 'aml:assign', 'aml:configure',
      ],
      COMPLIANCE_OFFICER: ['wallet:read', 'tenant:staff', 'verification:review', 'customer:deactivate', 'customer:audit', 'aml:read', 'aml:screen', 'aml:decide'],
      EMPLOYEE: ['wallet:read', 'tenant:staff', 'card:read', 'customer:audit'],
      TRANSACTION_APPROVER: ['wallet:read', 'transfer:approve', 'tenant:staff'],
      CUSTOMER: ['wallet:read', 'wallet:manage'],
    });
  });

  it('every capability is used by a route definition or named as a service or screen rule', () => {
    const declared = new Set(ROUTES.map((r) => r.allow).filter(Boolean));
    // asked by services and screens only (can()), not declared on a route
    const askedElsewhere: Capability[] = ['card:read', 'card:write', 'verification:review', 'verification:assign', 'verification:configure', 'tenant:staff', 'aml:assign'];
    expect((Object.keys(CAPABILITIES) as Capability[]).filter((c) => !declared.has(c) && !askedElsewhere.includes(c))).toEqual([]);
  });
});
