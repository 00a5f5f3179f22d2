import type { Role } from './enums';

/**
 * Who may do what: the one access table of the platform (docs/architecture.md, "Access"). Each
 * capability lists the roles that hold it, in the order the 403 message names them. Routes declare
 * the capability they need (`allow` in lib/contract/routes), services and screens ask `can()`;
 * no other file lists roles.
 *
 * Scope is a second, separate rule: a customer's user acts only on its own customer (others answer
 * 404 like unknown ones), whatever capability it holds.
 */
export const CAPABILITIES = {
  /** read wallets, statements, beneficiaries, consents, limits and transfers (a customer: its own) */
  'wallet:read': ['CUSTOMER', 'ADMIN_USER', 'EMPLOYEE', 'TRANSACTION_APPROVER', 'COMPLIANCE_OFFICER'],
  /** open, fund (sandbox), freeze and close wallets; beneficiaries, payment consents, transfers (a customer: its own) */
  'wallet:manage': ['CUSTOMER', 'ADMIN_USER'],
  /** unfreeze wallets, transaction limits, the four-eyes threshold, the ledger's reconciliation */
  'ledger:administer': ['ADMIN_USER'],
  /** approve or reject a transfer awaiting four-eyes approval */
  'transfer:approve': ['TRANSACTION_APPROVER'],
  /** tenant staff: the panel's directory, search and dashboard, every customer of the tenant, registration on a customer's behalf */
  'tenant:staff': ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER'],
  /** read any card of the tenant (card API, card search, the panel's card token) */
  'card:read': ['ADMIN_USER', 'EMPLOYEE'],
  /** change any card of the tenant (a customer changes its own cards) */
  'card:write': ['ADMIN_USER'],
  /** review registrations: the queue, cases, decisions, initiating a verification */
  'verification:review': ['COMPLIANCE_OFFICER', 'ADMIN_USER'],
  /** assign a case to another officer, or take over one another officer holds */
  'verification:assign': ['ADMIN_USER'],
  /** the tenant's review settings (two approvals) */
  'verification:configure': ['ADMIN_USER'],
  /** suspend or close a customer */
  'customer:deactivate': ['ADMIN_USER', 'COMPLIANCE_OFFICER'],
  /** a customer's timeline and audit log */
  'customer:audit': ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'],
  /** the tenant's administrator users, their roles, passwords and locks */
  'user:manage': ['ADMIN_USER'],
  /** the tenant's categorization (features, categories) */
  'categorization:manage': ['ADMIN_USER'],
  /** webhook subscriptions, deliveries and settings */
  'webhook:manage': ['ADMIN_USER'],
  /** AML: the lists and their entries, the ad hoc search, alerts, screenings and rules (read) */
  'aml:read': ['COMPLIANCE_OFFICER', 'ADMIN_USER'],
  /** AML: screen a customer on demand */
  'aml:screen': ['COMPLIANCE_OFFICER', 'ADMIN_USER'],
  /** AML: claim and decide alerts (false positive, confirmed match, escalate, close, clear, release, refuse) */
  'aml:decide': ['COMPLIANCE_OFFICER'],
  /** AML: assign an alert to another officer, or take over one another officer holds */
  'aml:assign': ['ADMIN_USER'],
  /** AML: the tenant's own lists and their imports, the monitoring rules, the match threshold */
  'aml:configure': ['ADMIN_USER'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The roles that hold a capability, in the table's order. */
export function rolesWith(capability: Capability): readonly Role[] {
  return CAPABILITIES[capability];
}

/** Does the caller (a principal, or the panel's current user) hold the capability through any of its roles? */
export function can(caller: { roles: readonly Role[] } | null | undefined, capability: Capability): boolean {
  if (!caller) return false;
  const holders: readonly Role[] = CAPABILITIES[capability];
  return caller.roles.some((role) => holders.includes(role));
}

/** The 403 message of a missing capability (the wording every route has answered since the start). */
export function missingCapabilityMessage(capability: Capability): string {
  return `this operation requires one of the roles ${rolesWith(capability).join(', ')}`;
}
