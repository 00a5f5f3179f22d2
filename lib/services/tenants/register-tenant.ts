import type { RegisterTenantBody, RegisterTenantResult } from '@/lib/contract/tenants';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { organizations, tenants, userRoles, users } from '@/lib/db/schema';
import { conflict } from '@/lib/contract/api-errors';
import { seedDefaultHierarchy } from '@/lib/services/categorization/hierarchy';
import { seedConsentTexts } from '@/lib/services/onboarding/consents';
import { assertPasswordNotCommon } from '@/lib/services/identity/password-policy';
import { hashSecret } from '@/lib/services/identity/passwords';
import { generateTenantKey, generateTenantSecret } from './credentials';

/**
 * Creates a tenant with everything it needs to be used at once, in one transaction: the tenant
 * (credentials hashed), its PLATFORM_OWNER organization, a first ADMIN_USER and the default
 * categorization hierarchy. The tenant secret is returned this once.
 */
export async function registerTenant(db: Db, input: RegisterTenantBody, options: { isDemo?: boolean } = {}): Promise<RegisterTenantResult> {
  assertPasswordNotCommon(input.admin.password, 'admin.password');
  const tenantKey = generateTenantKey();
  const tenantSecret = generateTenantSecret();
  // Hash outside the transaction: argon2 takes tens of milliseconds and must not hold locks.
  const [tenantSecretHash, passwordHash] = await Promise.all([hashSecret(tenantSecret), hashSecret(input.admin.password)]);

  try {
    return await db.transaction(async (tx) => {
      const [tenant] = await tx
        .insert(tenants)
        .values({ name: input.name, tenantKey, tenantSecretHash, isDemo: options.isDemo ?? false })
        .returning({ id: tenants.id });
      const tenantId = tenant!.id;
      const [organization] = await tx.insert(organizations).values({ tenantId, name: input.name, organizationType: 'PLATFORM_OWNER' }).returning({ id: organizations.id });
      const organizationId = organization!.id;
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          organizationId,
          username: input.admin.username,
          email: input.admin.email,
          passwordHash,
          firstName: input.admin.firstName ?? null,
          lastName: input.admin.lastName ?? null,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(userRoles).values({ tenantId, userId, role: 'ADMIN_USER' });
      await seedDefaultHierarchy(tx, tenantId);
      await seedConsentTexts(tx, tenantId);
      return { tenantId, tenantKey, tenantSecret, organizationId, userId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tenants_name_uq')) {
      throw conflict('a tenant with this name already exists', { field: 'name' });
    }
    throw error;
  }
}
