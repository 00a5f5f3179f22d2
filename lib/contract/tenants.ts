import { z } from 'zod';
import { emailSchema, isoDateTimeSchema, personNameSchema, usernameSchema, uuidSchema } from './common';
import { tenantStatusSchema } from './enums';
import { passwordSchema } from './password';

export const TENANT_NAME_MAX = 100;

export const tenantNameSchema = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(TENANT_NAME_MAX, `must be at most ${TENANT_NAME_MAX} characters`)
  .describe('display name of the tenant, unique case-insensitively');

// POST /api/v2.1/tenants/registration
export const registerTenantBodySchema = z
  .object({
    name: tenantNameSchema,
    admin: z
      .object({
        username: usernameSchema,
        email: emailSchema,
        password: passwordSchema,
        firstName: personNameSchema.optional(),
        lastName: personNameSchema.optional(),
      })
      .strict()
      .describe('the first ADMIN_USER of the tenant'),
  })
  .strict();
export type RegisterTenantBody = z.infer<typeof registerTenantBodySchema>;

export const registerTenantResultSchema = z.object({
  tenantId: uuidSchema,
  tenantKey: z.string().describe('public tenant credential (customer sessions)'),
  tenantSecret: z.string().describe('shown this once; only a hash is stored'),
  organizationId: uuidSchema.describe('the tenant’s own PLATFORM_OWNER organization'),
  userId: uuidSchema.describe('the first ADMIN_USER'),
});
export type RegisterTenantResult = z.infer<typeof registerTenantResultSchema>;

export const tenantSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  status: tenantStatusSchema,
  tenantKey: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;

/** What any client of the tenant may see about it (sign-in page, app shell). */
export const publicTenantSchema = tenantSchema.pick({ id: true, name: true, status: true });

export const tenantIdParamsSchema = z.object({ tenantId: uuidSchema });

// POST /api/v2.1/tenants/{tenantId}/status
export const setTenantStatusBodySchema = z
  .object({
    status: tenantStatusSchema,
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
