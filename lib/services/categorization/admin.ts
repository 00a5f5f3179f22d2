import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Feature } from '@/lib/contract/categorization';
import type { createCategoryBodySchema, createFeatureBodySchema, updateCategoryBodySchema, updateFeatureBodySchema } from '@/lib/contract/onboarding';
import type { Db, DbOrTx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { categories, categoryFeatures, features } from '@/lib/db/schema';
import { conflict, notFound, validationFailed } from '@/lib/contract/api-errors';
import { getHierarchy } from './hierarchy';

/** Administrators edit their tenant's categorization; every statement is tenant-scoped. */
function checkAllowedValues(mandatoryKeys: string[] | undefined, allowedValues: Record<string, string[]> | undefined) {
  if (!mandatoryKeys || !allowedValues) return;
  const stray = Object.keys(allowedValues).filter((k) => !mandatoryKeys.includes(k));
  if (stray.length) throw validationFailed(stray.map((k) => ({ field: `allowedValues.${k}`, message: 'is not one of the mandatory keys' })));
}

async function assertFeatures(tx: DbOrTx, tenantId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: features.id })
    .from(features)
    .where(and(eq(features.tenantId, tenantId), inArray(features.id, ids)));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw validationFailed(missing.map((id) => ({ field: 'featureIds', message: `unknown feature ${id}` })));
}

/** The answer of the feature endpoints: exactly featureSchema's members, never a whole row. */
function toFeature(row: typeof features.$inferSelect): Feature {
  return {
    id: row.id,
    tenantId: row.tenantId,
    code: row.code,
    name: row.name,
    description: row.description,
    mandatoryKeys: row.mandatoryKeys,
    allowedValues: row.allowedValues,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function createFeature(db: Db, tenantId: string, input: z.infer<typeof createFeatureBodySchema>) {
  checkAllowedValues(input.mandatoryKeys, input.allowedValues);
  try {
    const [row] = await db
      .insert(features)
      .values({ tenantId, ...input, description: input.description ?? '' })
      .returning();
    return toFeature(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'features_tenant_code_uq')) throw conflict('a feature with this code already exists', { field: 'code' });
    throw error;
  }
}

export async function updateFeature(db: Db, tenantId: string, id: string, input: z.infer<typeof updateFeatureBodySchema>) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(features)
      .where(and(eq(features.tenantId, tenantId), eq(features.id, id)))
      .for('update');
    if (!current) throw notFound('feature');
    checkAllowedValues(input.mandatoryKeys ?? current.mandatoryKeys, input.allowedValues ?? current.allowedValues);
    const [row] = await tx
      .update(features)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(features.tenantId, tenantId), eq(features.id, id)))
      .returning();
    return toFeature(row!);
  });
}

export async function createCategory(db: Db, tenantId: string, input: z.infer<typeof createCategoryBodySchema>) {
  try {
    const id = await db.transaction(async (tx) => {
      await assertFeatures(tx, tenantId, input.featureIds);
      const { featureIds, ...values } = input;
      const [row] = await tx
        .insert(categories)
        .values({ tenantId, ...values, description: values.description ?? '' })
        .returning({ id: categories.id });
      if (featureIds.length) await tx.insert(categoryFeatures).values(featureIds.map((featureId) => ({ tenantId, categoryId: row!.id, featureId })));
      return row!.id;
    });
    return (await getHierarchy(db, tenantId)).categories.find((c) => c.id === id)!;
  } catch (error) {
    if (isUniqueViolation(error, 'categories_tenant_code_uq')) throw conflict('a category with this code already exists', { field: 'code' });
    throw error;
  }
}

export async function updateCategory(db: Db, tenantId: string, id: string, input: z.infer<typeof updateCategoryBodySchema>) {
  await db.transaction(async (tx) => {
    const { featureIds, ...values } = input;
    const [row] = await tx
      .update(categories)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
      .returning({ id: categories.id });
    if (!row) throw notFound('category');
    if (featureIds) {
      await assertFeatures(tx, tenantId, featureIds);
      await tx.delete(categoryFeatures).where(and(eq(categoryFeatures.tenantId, tenantId), eq(categoryFeatures.categoryId, id)));
      if (featureIds.length) await tx.insert(categoryFeatures).values(featureIds.map((featureId) => ({ tenantId, categoryId: id, featureId })));
    }
  });
  return (await getHierarchy(db, tenantId)).categories.find((c) => c.id === id)!;
}
