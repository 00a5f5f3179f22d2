import { z } from 'zod';

/** Every enumeration the contract names, plus the ones our design adds (documented in docs/). */

export const ADMIN_ROLES = ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER'] as const;
export const adminRoleSchema = z.enum(ADMIN_ROLES).describe('role of an administrator (organization) user');
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const ROLES = [...ADMIN_ROLES, 'CUSTOMER'] as const;
export const roleSchema = z.enum(ROLES).describe('role of a user; a user can hold several');
export type Role = z.infer<typeof roleSchema>;

export const TENANT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export const tenantStatusSchema = z.enum(TENANT_STATUSES);
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

export const ORGANIZATION_TYPES = ['PLATFORM_OWNER', 'CUSTOMER_ORGANIZATION'] as const;
export const organizationTypeSchema = z.enum(ORGANIZATION_TYPES);
export type OrganizationType = z.infer<typeof organizationTypeSchema>;

export const BUSINESS_TYPES = ['BUSINESS_TYPE_CLIENT_TO_TENANT', 'BUSINESS_TYPE_STANDARD'] as const;
export const businessTypeSchema = z.enum(BUSINESS_TYPES);
/** A business type in words, without the prefix every value repeats ("Business type: client to tenant"). */
export const businessTypeLabel = (value: string) =>
  value
    .replace(/^BUSINESS_TYPE_/, '')
    .replaceAll('_', ' ')
    .toLowerCase();

export const CUSTOMER_STATUSES = ['PENDING_ACTIVATION', 'ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'ORGANIZATION'] as const;
export const customerTypeSchema = z.enum(CUSTOMER_TYPES);

export const VERIFICATION_STATUSES = ['NOT_STARTED', 'PENDING_REVIEW', 'IN_REVIEW', 'REVISION_REQUESTED', 'APPROVED', 'REJECTED'] as const;
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const ACTIVATION_STATUSES = ['CONSENT_REQUIRED', 'VERIFICATION_REQUIRED'] as const;
export const activationStatusSchema = z.enum(ACTIVATION_STATUSES);

/** TERMS is our name for the third required consent; the contract leaves it unnamed. */
export const CONSENT_TYPES = ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING', 'MARKETING'] as const;
export const consentTypeSchema = z.enum(CONSENT_TYPES);
export type ConsentType = z.infer<typeof consentTypeSchema>;
export const REQUIRED_CONSENT_TYPES = ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'] as const satisfies readonly ConsentType[];

/** Where a consent was given (docs/consent-templates.md): the registration request, the panel's session, a bearer token. */
export const CONSENT_CHANNELS = ['REGISTRATION', 'PANEL', 'API'] as const;
export const CONSENT_RECORD_STATUSES = ['ACCEPTED', 'WITHDRAWN'] as const;
export const consentRecordStatusSchema = z.enum(CONSENT_RECORD_STATUSES);
/** status of a consent reported as missing in the activation error */
export const MISSING_CONSENT_STATUS = 'MISSING' as const;

export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const PLATFORMS = ['web', 'ios', 'android'] as const;
export const platformSchema = z.enum(PLATFORMS, { error: 'must be one of web, ios, android' });
export type Platform = z.infer<typeof platformSchema>;

export const WALLET_STATUSES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;
export const walletStatusSchema = z.enum(WALLET_STATUSES);

export const CARD_STATES = ['INACTIVE', 'ACTIVE', 'FROZEN', 'CANCELED'] as const;
export const cardStateSchema = z.enum(CARD_STATES);

export const TRANSACTION_LIMIT_TYPES = ['DAILY', 'WEEKLY', 'MONTHLY', 'PER_TRANSACTION'] as const;
export const transactionLimitTypeSchema = z.enum(TRANSACTION_LIMIT_TYPES);
/** limitType of a `transaction limit exceeded` answer: a configured limit, or MAX_BALANCE (lib/contract/money.ts). */
export const TRANSACTION_LIMIT_ERROR_TYPES = [...TRANSACTION_LIMIT_TYPES, 'MAX_BALANCE'] as const;
export const transactionLimitErrorTypeSchema = z.enum(TRANSACTION_LIMIT_ERROR_TYPES);

export const AUTH_ERROR_TYPES = ['AUTHENTICATION', 'ACCOUNT_LOCKED'] as const;
export const authErrorTypeSchema = z.enum(AUTH_ERROR_TYPES);
