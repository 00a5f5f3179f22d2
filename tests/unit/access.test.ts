import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  CAPABILITY_NAMES,
  CARD_CAPABILITIES,
  can,
  cardApiRefusalMessage,
  cardOperationRefusalMessage,
  isSignedInCapability,
  missingCapabilityMessage,
  rolesWith,
  type Capability,
} from '@/lib/contract/access';
import { ALL_CARD_OPERATIONS, cardCapabilitiesOf, cardCapabilityFor, OTP_PURPOSES, type CardOperationSpec } from '@/lib/contract/card-operations';
import { ROLES, type Role } from '@/lib/contract/enums';
import { ROUTES } from '@/lib/contract/routes';
import { refusalOf } from '@/lib/contract/routes/types';

/** The access table (lib/contract/access.ts): the one answer to "who may do what", for routes, card operations, services and screens. */
describe('the access table', () => {
  it('can(): a caller holds a capability through any of its roles, nobody without roles or without a caller', () => {
    expect(can({ roles: ['EMPLOYEE'] }, 'wallet:read')).toBe(true);
    expect(can({ roles: ['EMPLOYEE'] }, 'wallet:manage')).toBe(false);
    expect(can({ roles: ['EMPLOYEE', 'ADMIN_USER'] }, 'wallet:manage')).toBe(true);
    expect(can({ roles: ['CUSTOMER'] }, 'tenant:staff')).toBe(false);
    expect(can({ roles: [] }, 'wallet:read')).toBe(false);
    expect(can(null, 'wallet:read')).toBe(false);
  });

  it('a signed-in row is held by every caller, even one whose roles were filtered away (a customer organization admin), never by nobody', () => {
    expect(CAPABILITY_NAMES.filter(isSignedInCapability)).toEqual(['session:own', 'customer:records']);
    expect(can({ roles: [] }, 'session:own')).toBe(true);
    expect(can({ roles: ['CUSTOMER'] }, 'customer:records')).toBe(true);
    expect(can(null, 'session:own')).toBe(false);
    expect(rolesWith('session:own')).toEqual(ROLES);
  });

  it('every capability names known roles, at least one, none twice, and says what it permits', () => {
    for (const [capability, row] of Object.entries(CAPABILITIES)) {
      expect(row.what.length, capability).toBeGreaterThan(10);
      if (row.roles === 'signed-in') continue;
      expect(row.roles.length, capability).toBeGreaterThan(0);
      expect(new Set(row.roles).size, capability).toBe(row.roles.length);
      for (const role of row.roles) expect(ROLES, `${capability}: ${role}`).toContain(role);
    }
  });

  it('the 403 texts come from the table, in the wording the API has always answered', () => {
    expect(missingCapabilityMessage('wallet:read')).toBe('this operation requires one of the roles CUSTOMER, ADMIN_USER, EMPLOYEE, TRANSACTION_APPROVER, COMPLIANCE_OFFICER');
    expect(missingCapabilityMessage('customer:deactivate')).toBe('this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER');
    expect(cardApiRefusalMessage()).toBe('the card API requires a customer user or one of the roles ADMIN_USER, EMPLOYEE');
    expect(cardOperationRefusalMessage('card:freeze')).toBe('changing a card requires the role ADMIN_USER');
    expect(cardOperationRefusalMessage('card:read')).toBe('reading a card requires one of the roles ADMIN_USER, EMPLOYEE');
    expect(rolesWith('card:read')).toEqual(['ADMIN_USER', 'EMPLOYEE']);
  });

  it('what each role may do (the table read the other way round)', () => {
    const byRole = Object.fromEntries(ROLES.map((role) => [role, CAPABILITY_NAMES.filter((c) => !isSignedInCapability(c) && can({ roles: [role] }, c))]));
    const cardWrites = ['card:issue', 'card:activate', 'card:freeze', 'card:cancel', 'card:limits', 'card:fund', 'card:secrets', 'card:wallets', 'card:3ds', 'card:dispute', 'card:simulate'];
    expect(byRole).toEqual({
      ADMIN_USER: [
        'wallet:read',
        'wallet:manage',
        'ledger:administer',
        'tenant:staff',
        'card:read',
        ...cardWrites,
        'verification:review',
        'verification:assign',
        'verification:configure',
        'customer:deactivate',
        'customer:audit',
        'user:manage',
        'consent:configure',
        'categorization:manage',
        'webhook:manage',
        'product:manage',
        'partner:manage',
        'tenant:configure',
        'aml:read',
        'aml:screen',
        'aml:assign',
        'aml:configure',
      ],
      COMPLIANCE_OFFICER: ['wallet:read', 'tenant:staff', 'verification:review', 'customer:deactivate', 'customer:audit', 'aml:read', 'aml:screen', 'aml:decide'],
      EMPLOYEE: ['wallet:read', 'tenant:staff', 'card:read', 'customer:audit'],
      TRANSACTION_APPROVER: ['wallet:read', 'transfer:approve', 'tenant:staff'],
      CUSTOMER: ['wallet:read', 'wallet:manage'],
    });
  });

  it('every bearer definition names its capability; none of the others does', () => {
    expect(ROUTES.filter((r) => r.auth === 'bearer' && !r.allow).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(ROUTES.filter((r) => r.auth !== 'bearer' && (r.allow || r.refusal)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('every capability is needed by a route definition or a card operation, or named as a service or screen rule', () => {
    const declared = new Set<Capability>(ROUTES.flatMap((r) => (r.allow ? [r.allow] : [])));
    for (const spec of Object.values(ALL_CARD_OPERATIONS)) for (const c of cardCapabilitiesOf(spec)) declared.add(c);
    // asked by services and screens only (can()), not declared on a route
    const askedElsewhere: Capability[] = ['verification:assign', 'aml:assign'];
    expect(CAPABILITY_NAMES.filter((c) => !declared.has(c) && !askedElsewhere.includes(c))).toEqual([]);
  });

  it("a definition may answer its own refusal: the verification routes answer the contract's VERIFICATION_ACCESS_DENIED, the others the generic 403", () => {
    const verification = ROUTES.filter((r) => r.path.startsWith('/api/v2.1/verifications') || r.path.endsWith('/verification'));
    expect(verification.length).toBe(10);
    for (const r of verification) {
      expect(r.allow, r.path).toBe('verification:review');
      const error = refusalOf({ allow: r.allow!, refusal: r.refusal }, { userId: 'u-1', roles: ['EMPLOYEE'] });
      expect({ status: error.status, message: error.message, data: error.data }, r.path).toEqual({
        status: 403,
        message: 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role',
        data: { userId: 'u-1', currentRoles: ['EMPLOYEE'], requiredRoles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'] },
      });
    }
    const generic = refusalOf({ allow: 'user:manage' }, { userId: 'u-1', roles: ['EMPLOYEE'] });
    expect({ status: generic.status, message: generic.message, data: generic.data }).toEqual({
      status: 403,
      message: 'access denied',
      data: { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' },
    });
  });
});

/** Which card operations a role may run as staff (a customer's user runs them all on its own cards). */
function cardOperationsOf(
  roles: readonly Role[],
  capabilityOf: (spec: CardOperationSpec, body: Record<string, unknown>) => Capability,
  holds: (roles: readonly Role[], c: Capability) => boolean,
): string[] {
  return Object.entries(ALL_CARD_OPERATIONS).flatMap(([name, spec]) =>
    spec.capability === 'byOtpPurpose'
      ? OTP_PURPOSES.filter((purpose) => holds(roles, capabilityOf(spec, { purpose }))).map((purpose) => `${name} ${purpose}`)
      : holds(roles, capabilityOf(spec, {}))
        ? [name]
        : [],
  );
}

describe('the card capabilities', () => {
  it("every card operation names one card capability (a code's operations: the purpose's), and only card:read operations change nothing", () => {
    for (const [name, spec] of Object.entries(ALL_CARD_OPERATIONS)) {
      for (const c of cardCapabilitiesOf(spec)) expect(CARD_CAPABILITIES, name).toContain(c);
    }
    const secure = ALL_CARD_OPERATIONS['secure/otp/send'];
    expect(OTP_PURPOSES.map((purpose) => cardCapabilityFor(secure, { purpose }))).toEqual(['card:secrets', 'card:secrets', 'card:freeze', 'card:activate', 'card:cancel']);
    expect(cardCapabilityFor(ALL_CARD_OPERATIONS['card/unfreeze'], {})).toBe('card:freeze');
  });

  it('an employee reads cards and changes none; an administrator runs every operation', () => {
    const holds = (roles: readonly Role[], c: Capability) => can({ roles }, c);
    const employee = cardOperationsOf(['EMPLOYEE'], cardCapabilityFor, holds);
    expect(employee.every((name) => ALL_CARD_OPERATIONS[name as keyof typeof ALL_CARD_OPERATIONS]?.capability === 'card:read')).toBe(true);
    expect(employee).toContain('card/info');
    expect(cardOperationsOf(['ADMIN_USER'], cardCapabilityFor, holds).length).toBe(Object.keys(ALL_CARD_OPERATIONS).length - 2 + 2 * OTP_PURPOSES.length);
    expect(cardOperationsOf(['COMPLIANCE_OFFICER'], cardCapabilityFor, holds)).toEqual([]);
  });

  it('the worked example (docs/architecture.md): granting card:freeze to officers opens freeze and unfreeze (and the unfreeze code), nothing else', () => {
    const table = (c: Capability): readonly Role[] => (c === 'card:freeze' ? [...rolesWith(c), 'COMPLIANCE_OFFICER'] : rolesWith(c));
    const granted = (roles: readonly Role[], c: Capability) => roles.some((role) => table(c).includes(role));
    const before = cardOperationsOf(['COMPLIANCE_OFFICER'], cardCapabilityFor, (roles, c) => can({ roles }, c));
    const after = cardOperationsOf(['COMPLIANCE_OFFICER'], cardCapabilityFor, granted);
    expect(after.filter((op) => !before.includes(op))).toEqual(['card/freeze', 'card/unfreeze', 'secure/otp/send UNFREEZE', 'sandbox/otp/peek UNFREEZE']);
    // and no route: no route definition needs card:freeze
    expect(ROUTES.filter((r) => r.allow === 'card:freeze')).toEqual([]);
    // nobody else gains anything
    for (const role of ROLES.filter((r) => r !== 'COMPLIANCE_OFFICER')) {
      expect(cardOperationsOf([role], cardCapabilityFor, granted), role).toEqual(cardOperationsOf([role], cardCapabilityFor, (roles, c) => can({ roles }, c)));
    }
  });
});
