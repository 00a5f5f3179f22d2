import { z } from 'zod';
import {
  CONSENT_CHANNELS,
  CONSENT_RECORD_STATUSES,
  consentRecordStatusSchema,
  consentTypeSchema,
  customerStatusSchema,
  customerTypeSchema,
  MISSING_CONSENT_STATUS,
  riskLevelSchema,
  verificationStatusSchema,
} from './enums';

/**
 * The admin panel's customer directory and dashboard (our design; the contract has no list
 * endpoint). Read-only aggregates over what onboarding writes; see docs/admin-app.md.
 */

export const CUSTOMER_SORTS = ['createdAt', '-createdAt', 'displayName', '-displayName', 'status'] as const;
export const CUSTOMER_EXPORT_MAX_ROWS = 10_000;

export const listCustomersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('search in name, email and registration number'),
  type: customerTypeSchema.optional(),
  status: customerStatusSchema.optional(),
  verificationStatus: verificationStatusSchema.optional(),
  categoryId: z.uuid({ message: 'must be a UUID' }).optional(),
  organizationId: z.uuid({ message: 'must be a UUID' }).optional().describe('the customer of this organization (e.g. existingOrganizationId of a 409 "organization already exists")'),
  sort: z.enum(CUSTOMER_SORTS, { error: `must be one of ${CUSTOMER_SORTS.join(', ')}` }).default('-createdAt'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;
/** The export takes the same filters and sort; paging does not apply. */
export const exportCustomersQuerySchema = listCustomersQuerySchema.omit({ pageNo: true, pageSize: true });

export const customerListItemSchema = z.object({
  id: z.uuid(),
  customerType: customerTypeSchema,
  displayName: z.string(),
  email: z.string().nullable(),
  status: customerStatusSchema,
  verificationStatus: verificationStatusSchema.nullable(),
  verificationId: z.uuid().nullable(),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  riskLevel: riskLevelSchema.nullable(),
  registrationNumber: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerIdParamsSchema = z.object({ customerId: z.uuid({ message: 'must be a UUID' }) });

export const dashboardSummarySchema = z.object({
  customersByStatus: z.record(customerStatusSchema, z.number().int()),
  customersTotal: z.number().int(),
  verificationsWaiting: z.number().int().describe('cases PENDING_REVIEW or IN_REVIEW'),
  verificationsByStatus: z.record(verificationStatusSchema, z.number().int()),
  failedWebhookDeliveries24h: z.number().int().describe('deliveries that ended FAILED in the last 24 hours'),
  cardsByState: z.record(z.string(), z.number().int()).nullable().describe('cards per state from the card processor; null when the caller has no card role or the processor is unavailable'),
  cardsUnavailable: z.string().nullable().describe('why cardsByState is null, when the caller may see cards'),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /customers: one page of the directory. */
export const customerPageSchema = z.object({
  items: z.array(customerListItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** The state of one consent type (also the answer to accepting or withdrawing it). */
export const consentStateSchema = z.object({
  consentType: consentTypeSchema,
  status: z.enum([...CONSENT_RECORD_STATUSES, MISSING_CONSENT_STATUS]),
  version: z.string().nullable(),
  at: z.string().nullable(),
});

/** A customer's consents: the current state per type and every record, oldest first. */
export const customerConsentsSchema = z.object({
  customerId: z.uuid(),
  current: z.array(consentStateSchema),
  missingRequired: z.array(consentTypeSchema).describe('required consents not ACCEPTED'),
  reconsentRequired: z
    .array(z.object({ consentType: consentTypeSchema, acceptedVersion: z.string(), versionInForce: z.string() }))
    .describe('consents accepted in a version older than the material version in force: to accept again (activation refuses the required ones)'),
  history: z.array(
    z.object({
      id: z.uuid(),
      consentType: z.string(),
      version: z.string(),
      status: consentRecordStatusSchema,
      ipAddress: z.string().nullable().describe('the address the request claimed: the left-most X-Forwarded-For entry'),
      clientIp: z.string().nullable().describe('the address the server trusts: the connection’s peer, or behind a trusted proxy the client it names'),
      userAgent: z.string().nullable(),
      actorUserId: z.uuid().nullable(),
      channel: z.enum(CONSENT_CHANNELS).nullable().describe('REGISTRATION, PANEL or API; null for records from before consent templates'),
      textSha256: z.string().nullable().describe('SHA-256 of the text accepted'),
      createdAt: z.string(),
    }),
  ),
});

/** One line of a customer's append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorUserId: z.uuid().nullable(),
  actorName: z.string().nullable().describe("who: full name, else username (null: the system, or the customer's own sign-up)"),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

/** GET /customers/{customerId}: everything the panel's customer page shows. */
export const customerDetailSchema = z.object({
  id: z.uuid(),
  customerType: customerTypeSchema,
  displayName: z.string(),
  email: z.string().nullable(),
  status: customerStatusSchema,
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  person: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      dateOfBirth: z.string().nullable(),
      gender: z.string().nullable(),
      nationality: z.string().nullable(),
      placeOfBirth: z.string().nullable(),
    })
    .nullable()
    .describe('an individual customer; null for an organization'),
  organization: z
    .object({
      id: z.uuid(),
      legalName: z.string().nullable(),
      registrationNumber: z.string().nullable(),
      taxId: z.string().nullable(),
      businessType: z.string().nullable(),
      industry: z.string().nullable(),
      website: z.string().nullable(),
    })
    .nullable()
    .describe('an organization customer; null for an individual'),
  representatives: z.array(z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), position: z.string().nullable(), isPrimaryOwner: z.boolean(), ownershipShare: z.string() })),
  addresses: z.array(
    z.object({
      id: z.uuid(),
      addressType: z.string(),
      street: z.string(),
      building: z.string().nullable(),
      city: z.string(),
      postalCode: z.string().nullable(),
      country: z.string(),
      isPrimary: z.boolean(),
    }),
  ),
  contacts: z.array(z.object({ id: z.uuid(), contactType: z.string(), value: z.string(), isPrimary: z.boolean() })),
  documents: z.array(
    z.object({ id: z.uuid(), documentType: z.string(), documentNumber: z.string().nullable(), mimeType: z.string(), sizeBytes: z.number().int(), status: z.string(), createdAt: z.string() }),
  ),
  categorization: z
    .object({
      categoryId: z.uuid(),
      categoryName: z.string().nullable(),
      riskLevel: z.string(),
      parameters: z.record(z.string(), z.string()).describe('the categorization key values given at registration'),
    })
    .nullable(),
  consents: customerConsentsSchema,
  verification: z
    .object({
      id: z.uuid(),
      status: verificationStatusSchema,
      assigneeUserId: z.uuid().nullable(),
      reasonCode: z.string().nullable(),
      comment: z.string().nullable(),
      decidedAt: z.string().nullable(),
      submittedAt: z.string(),
    })
    .nullable(),
  verificationHistory: z.array(auditEntrySchema).describe('the audit entries of the verification, oldest first'),
  audit: z.array(auditEntrySchema).describe('newest first'),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
