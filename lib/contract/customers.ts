import { z } from 'zod';
import { customerStatusSchema, customerTypeSchema, riskLevelSchema, verificationStatusSchema } from './enums';

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
  organizationId: z
    .uuid({ message: 'must be a UUID' })
    .optional()
    .describe('the customer of this organization (e.g. existingOrganizationId of a 409 "organization already exists")'),
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
  cardsByState: z
    .record(z.string(), z.number().int())
    .nullable()
    .describe('cards per state from the card processor; null when the caller has no card role or the processor is unavailable'),
  cardsUnavailable: z.string().nullable().describe('why cardsByState is null, when the caller may see cards'),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
