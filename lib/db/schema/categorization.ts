import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * The categorization hierarchy of a tenant: categories (with a risk level) and the features they
 * enable. A feature names the keys a registration must provide (mandatoryKeys) and, per key, the
 * values it may take (allowedValues; a key without a list takes any non-empty value).
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    customerType: text('customer_type', { enum: ['INDIVIDUAL', 'ORGANIZATION'] })
      .notNull()
      .default('INDIVIDUAL'),
    riskLevel: text('risk_level', { enum: ['LOW', 'MEDIUM', 'HIGH'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_tenant_code_uq').on(t.tenantId, t.code),
    unique('categories_tenant_id_uq').on(t.tenantId, t.id),
    index('categories_tenant_active_idx').on(t.tenantId, t.isActive),
    check('categories_risk_ck', sql`${t.riskLevel} in ('LOW', 'MEDIUM', 'HIGH')`),
  ],
);

export const features = pgTable(
  'features',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mandatoryKeys: jsonb('mandatory_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    allowedValues: jsonb('allowed_values')
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('features_tenant_code_uq').on(t.tenantId, t.code), unique('features_tenant_id_uq').on(t.tenantId, t.id)],
);

export const categoryFeatures = pgTable(
  'category_features',
  {
    tenantId: tenantRef(),
    categoryId: uuid('category_id').notNull(),
    featureId: uuid('feature_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'category_features_pk', columns: [t.tenantId, t.categoryId, t.featureId] }),
    index('category_features_tenant_feature_idx').on(t.tenantId, t.featureId),
    foreignKey({ name: 'category_features_category_fk', columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete('cascade'),
    foreignKey({ name: 'category_features_feature_fk', columns: [t.tenantId, t.featureId], foreignColumns: [features.tenantId, features.id] }).onDelete('cascade'),
  ],
);

/**
 * The category-to-process mapping (docs/category-processes.md): one row per category whose process
 * the tenant changed; a category without a row follows the default process (lib/contract/category-processes.ts
 * defaultCategoryProcess, the fixed table of required documents the platform always had).
 */
export const categoryProcesses = pgTable(
  'category_processes',
  {
    tenantId: tenantRef(),
    categoryId: uuid('category_id').notNull(),
    /** the document requirements of an individual of this category (IDENTITY, PROOF_OF_ADDRESS) */
    individualDocuments: jsonb('individual_documents').$type<string[]>().notNull(),
    /** the document requirements of an organization of this category (COMPANY_REGISTRATION, PROOF_OF_ADDRESS, REPRESENTATIVE_IDENTITY) */
    organizationDocuments: jsonb('organization_documents').$type<string[]>().notNull(),
    screeningRequired: boolean('screening_required').notNull().default(true),
    approvalsRequired: integer('approvals_required').notNull().default(1),
    /** product codes the category may open; empty: any */
    productCodes: jsonb('product_codes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'category_processes_pk', columns: [t.tenantId, t.categoryId] }),
    foreignKey({ name: 'category_processes_category_fk', columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete('cascade'),
    check('category_processes_approvals_ck', sql`${t.approvalsRequired} in (1, 2)`),
  ],
);
