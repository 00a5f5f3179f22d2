import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * A tenant's branding (docs/tenant-setup.md): one row once its administrator saved one; until then
 * the tenant's name and the panel's colour stand in. The logo is a small raster image kept as a
 * data: URL (validated by lib/contract/tenant-setup.ts: PNG, JPEG or WebP, at most 32 KiB), so the
 * panel shows it under its Content-Security-Policy (img-src 'self' data:) without another request.
 */
export const tenantBranding = pgTable(
  'tenant_branding',
  {
    tenantId: tenantRef()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    logo: text('logo'),
    primaryColor: text('primary_color').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tenant_branding_primary_color_ck', sql`${t.primaryColor} ~ '^#[0-9a-f]{6}$'`),
    check('tenant_branding_logo_ck', sql`${t.logo} IS NULL OR (${t.logo} LIKE 'data:image/%' AND length(${t.logo}) <= 45000)`),
  ],
);
