import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { DEFAULT_PRIMARY_COLOR, updateBrandingBodySchema, type Branding } from '@/lib/contract/tenant-setup';
import type { z } from 'zod';
import type { DbOrTx } from '@/lib/db/client';
import { tenantBranding } from '@/lib/db/schema';
import type { TenantRow } from '@/lib/db/schema/tenants';
import type { Principal } from '@/lib/services/identity/sessions';
import { audit } from '@/lib/services/onboarding/audit';

type Row = typeof tenantBranding.$inferSelect;

/** The branding of a row, or the stand-ins of a tenant that saved none: its name, the panel's colour, no logo. */
function brandingOf(tenant: Pick<TenantRow, 'name'>, row: Row | undefined): Branding {
  if (!row) return { displayName: tenant.name, logo: null, primaryColor: DEFAULT_PRIMARY_COLOR, customized: false, updatedAt: null };
  return { displayName: row.displayName, logo: row.logo, primaryColor: row.primaryColor, customized: true, updatedAt: row.updatedAt.toISOString() };
}

export async function getBranding(db: DbOrTx, tenant: Pick<TenantRow, 'id' | 'name'>): Promise<Branding> {
  const [row] = await db.select().from(tenantBranding).where(eq(tenantBranding.tenantId, tenant.id));
  return brandingOf(tenant, row);
}

/** What the audit log keeps of a logo: its type, size and fingerprint, not the image. */
function logoFacts(logo: string | null) {
  if (!logo) return null;
  const b64 = logo.slice(logo.indexOf(',') + 1);
  return { type: logo.slice(5, logo.indexOf(';')), bytes: Buffer.byteLength(b64, 'base64'), sha256: createHash('sha256').update(b64).digest('hex').slice(0, 16) };
}

const audited = (b: Branding) => ({ displayName: b.displayName, primaryColor: b.primaryColor, logo: logoFacts(b.logo) });

/** Saves the tenant's branding (validated by updateBrandingBodySchema) and audits the change, in one transaction. */
export async function updateBranding(db: DbOrTx, principal: Principal, input: z.output<typeof updateBrandingBodySchema>): Promise<Branding> {
  return db.transaction(async (tx) => {
    const tenant = principal.tenant;
    const before = await getBranding(tx, tenant);
    const values = { displayName: input.displayName, logo: input.logo, primaryColor: input.primaryColor, updatedBy: principal.userId, updatedAt: clock.now() };
    const [row] = await tx
      .insert(tenantBranding)
      .values({ tenantId: tenant.id, ...values })
      .onConflictDoUpdate({ target: tenantBranding.tenantId, set: values })
      .returning();
    const after = brandingOf(tenant, row);
    await audit(tx, tenant.id, {
      customerId: null,
      actorUserId: principal.userId,
      action: 'TENANT_BRANDING_CHANGED',
      entityType: 'TENANT',
      entityId: tenant.id,
      before: before.customized ? audited(before) : null,
      after: audited(after),
    });
    return after;
  });
}
