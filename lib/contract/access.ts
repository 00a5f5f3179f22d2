import { ROLES, type Role } from './enums';

/** A row anyone signed in holds: the route needs a caller, and its scope rule (its own customer, its own sessions) decides the rest. */
const SIGNED_IN = 'signed-in';

/**
 * Who may do what: the one access table of the platform (docs/access.md is generated from it by
 * `npm run docs:access`; docs/architecture.md, "Access"). Each row is a capability: the roles that
 * hold it, in the order a 403 names them, and what it permits. Route definitions declare the
 * capability they need (`allow` in lib/contract/routes), each card operation names its own
 * (lib/contract/card-operations.ts), services and screens ask `can()`; no other file lists roles
 * as an access rule, and every 403 for a missing capability is worded here.
 *
 * Scope is a second, separate rule: a customer's user acts only on its own customer (others answer
 * 404 like unknown ones) and on its own cards, whatever capability it holds.
 */
export const CAPABILITIES = {
  'wallet:read': {
    roles: ['CUSTOMER', 'ADMIN_USER', 'EMPLOYEE', 'TRANSACTION_APPROVER', 'COMPLIANCE_OFFICER'],
    what: 'read wallets, statements, beneficiaries, consents, limits and transfers (a customer: its own)',
  },
  'wallet:manage': {
    roles: ['CUSTOMER', 'ADMIN_USER'],
    what: 'open, fund (sandbox), freeze and close wallets; beneficiaries, payment consents, transfers (a customer: its own)',
  },
  'ledger:administer': { roles: ['ADMIN_USER'], what: "unfreeze wallets, transaction limits, the four-eyes threshold, the ledger's reconciliation" },
  'transfer:approve': { roles: ['TRANSACTION_APPROVER'], what: 'approve or reject a transfer awaiting four-eyes approval' },
  'session:own': { roles: SIGNED_IN, what: "the caller's own sessions: list them, end one, sign out" },
  'customer:records': {
    roles: SIGNED_IN,
    what: "a customer's consents, documents and activation (a customer's user: its own customer; staff: any customer of the tenant, by tenant:staff)",
  },
  'tenant:staff': {
    roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER'],
    what: "tenant staff: the panel's directory, search and dashboard, every customer of the tenant, registration on a customer's behalf",
  },
  // the card operations (lib/contract/card-operations.ts, docs/cards.md): one capability per group a
  // tenant would grant on its own; a customer's user runs every operation on its own cards
  'card:read': {
    roles: ['ADMIN_USER', 'EMPLOYEE'],
    what: "read any card of the tenant: details, limits, controls, balance, transactions, statements, cardholders, disputes (card API, card search, the panel's card token)",
  },
  'card:issue': { roles: ['ADMIN_USER'], what: 'issue, replace and renew cards, rename them; create and change cardholders' },
  'card:activate': { roles: ['ADMIN_USER'], what: 'activate an issued card (with the one-time code)' },
  'card:freeze': { roles: ['ADMIN_USER'], what: 'freeze a card and lift the freeze (with the one-time code)' },
  'card:cancel': { roles: ['ADMIN_USER'], what: 'cancel a card for good (with the one-time code)' },
  'card:limits': { roles: ['ADMIN_USER'], what: "set a card's spend limits and its merchant category, country, channel and alert controls" },
  'card:fund': { roles: ['ADMIN_USER'], what: 'top a card up and withdraw from it' },
  'card:secrets': { roles: ['ADMIN_USER'], what: "reveal a card's number and CVV, set or unblock its PIN (with the one-time code)" },
  'card:wallets': { roles: ['ADMIN_USER'], what: 'add a card to a device wallet (Apple Pay, Google Pay); pause, resume or delete its tokens' },
  'card:3ds': { roles: ['ADMIN_USER'], what: 'approve or decline a 3-D Secure challenge for the cardholder' },
  'card:dispute': { roles: ['ADMIN_USER'], what: 'open a dispute on a card transaction' },
  'card:simulate': { roles: ['ADMIN_USER'], what: "sandbox only: simulate a merchant's authorization, clearing or reversal" },
  'verification:review': {
    roles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'],
    what: 'review registrations: the queue, cases, notes, decisions, the review settings (read), initiating a verification',
  },
  'verification:assign': { roles: ['ADMIN_USER'], what: 'assign a case to another officer, or take over one another officer holds' },
  'verification:configure': { roles: ['ADMIN_USER'], what: "change the tenant's review settings (two approvals)" },
  'customer:deactivate': { roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER'], what: 'suspend or close a customer' },
  'customer:audit': { roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'], what: "a customer's timeline and audit log" },
  'user:manage': { roles: ['ADMIN_USER'], what: "the tenant's administrator users, their roles, passwords and locks" },
  'consent:configure': { roles: ['ADMIN_USER'], what: "the tenant's consent templates: write, publish and discard versions of its consent texts" },
  'categorization:manage': { roles: ['ADMIN_USER'], what: "the tenant's categorization (features, categories) and each category's process (documents, screening, approvals, products)" },
  'webhook:manage': { roles: ['ADMIN_USER'], what: 'webhook subscriptions, deliveries and settings' },
  'product:manage': { roles: ['ADMIN_USER'], what: "the tenant's wallet and card products: create them, change their fees, limits, BIN range and merchant categories" },
  'partner:manage': { roles: ['ADMIN_USER'], what: 'external event partners (register, rotate the secret, disable) and the events they sent' },
  'tenant:configure': { roles: ['ADMIN_USER'], what: "the tenant's branding (display name, logo, colour) and its set-up checklist" },
  'aml:read': { roles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'], what: 'AML: the lists and their entries, the ad hoc search, alerts, screenings and rules (read)' },
  'aml:screen': { roles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'], what: 'AML: screen a customer on demand' },
  'aml:decide': { roles: ['COMPLIANCE_OFFICER'], what: 'AML: claim and decide alerts (false positive, confirmed match, escalate, close, clear, release, refuse)' },
  'aml:assign': { roles: ['ADMIN_USER'], what: 'AML: assign an alert to another officer, or take over one another officer holds' },
  'aml:configure': { roles: ['ADMIN_USER'], what: "AML: the tenant's own lists and their imports, the monitoring rules, the match threshold" },
} as const satisfies Record<string, { roles: readonly Role[] | typeof SIGNED_IN; what: string }>;

export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/** The capabilities of the card operations (the card API admits a staff user holding any of them). */
export const CARD_CAPABILITIES = CAPABILITY_NAMES.filter((c) => c.startsWith('card:'));

/** Held by every signed-in caller, whatever its roles (scope rules decide what it reaches). */
export function isSignedInCapability(capability: Capability): boolean {
  return CAPABILITIES[capability].roles === SIGNED_IN;
}

/** The roles that hold a capability, in the table's order (a signed-in row: every role). */
export function rolesWith(capability: Capability): readonly Role[] {
  const holders = CAPABILITIES[capability].roles;
  return holders === SIGNED_IN ? ROLES : holders;
}

/** Does the caller (a principal, or the panel's current user) hold the capability through any of its roles? */
export function can(caller: { roles: readonly Role[] } | null | undefined, capability: Capability): boolean {
  if (!caller) return false;
  const holders = CAPABILITIES[capability].roles;
  if (holders === SIGNED_IN) return true;
  return caller.roles.some((role) => (holders as readonly Role[]).includes(role));
}

/** The roles holding any of the capabilities, without repeats, in the table's order. */
function rolesWithAny(capabilities: readonly Capability[]): Role[] {
  return [...new Set(capabilities.flatMap((c) => rolesWith(c)))];
}

const rolePhrase = (roles: readonly Role[]) => (roles.length === 1 ? `the role ${roles[0]}` : `one of the roles ${roles.join(', ')}`);

// ------------------------------------------------------------------ the 403 texts (the only place they are worded)

/** A route's `allow` the caller lacks (the wording every route has answered since the start). */
export function missingCapabilityMessage(capability: Capability): string {
  return `this operation requires one of the roles ${rolesWith(capability).join(', ')}`;
}

/** The card API entered by a staff user holding no card capability at all. */
export function cardApiRefusalMessage(): string {
  return `the card API requires a customer user or one of the roles ${rolesWithAny(CARD_CAPABILITIES).join(', ')}`;
}

/**
 * The 403 details of the refusals that are not a route's capability alone: a definition's own
 * refusal (the review settings) and the services' run-time rules (assigning to someone else,
 * claiming), in the words the API has always answered.
 */
export const REFUSALS = {
  changeReviewSettings: 'only an ADMIN_USER may change the review settings',
  assignCaseToOther: 'only an ADMIN_USER may assign a case to another officer; claim it for yourself instead',
  assignAlertToOther: 'only an administrator assigns an alert to another officer; claim it for yourself instead',
  claimAlert: 'only compliance officers claim alerts',
  registerOnBehalf: 'customers cannot register other customers; sign up without a session',
} as const;

/** A card operation whose capability the staff caller lacks. */
export function cardOperationRefusalMessage(capability: Capability): string {
  return `${capability === 'card:read' ? 'reading' : 'changing'} a card requires ${rolePhrase(rolesWith(capability))}`;
}
