import { and, asc, eq } from 'drizzle-orm';
import type { CategorizationHierarchy } from '@/lib/contract/categorization';
import type { DbOrTx } from '@/lib/db/client';
import { categories, categoryFeatures, features } from '@/lib/db/schema';
import { DEFAULT_CATEGORIES, DEFAULT_FEATURES } from './default-hierarchy';

/** Seeds the default hierarchy for a new tenant (inside the tenant's creation transaction). */
export async function seedDefaultHierarchy(tx: DbOrTx, tenantId: string): Promise<void> {
  const featureRows = await tx
    .insert(features)
    .values(DEFAULT_FEATURES.map((f) => ({ tenantId, ...f })))
    .returning({ id: features.id, code: features.code });
  const featureIds = new Map(featureRows.map((f) => [f.code, f.id]));
  const categoryRows = await tx
    .insert(categories)
    .values(
      DEFAULT_CATEGORIES.map((c, i) => ({
        tenantId,
        code: c.code,
        name: c.name,
        description: c.description,
        customerType: c.customerType,
        riskLevel: c.riskLevel,
        sortOrder: i,
      })),
    )
    .returning({ id: categories.id, code: categories.code });
  const links = categoryRows.flatMap((c) =>
    DEFAULT_CATEGORIES.find((d) => d.code === c.code)!.features.map((code) => ({
      tenantId,
      categoryId: c.id,
      featureId: featureIds.get(code)!,
    })),
  );
  if (links.length) await tx.insert(categoryFeatures).values(links);
}

/** The tenant's categorization options, active and inactive, in display order. */
export async function getHierarchy(db: DbOrTx, tenantId: string): Promise<CategorizationHierarchy> {
  const rows = await db
    .select({ category: categories, feature: features, enabled: categoryFeatures.enabled })
    .from(categories)
    .leftJoin(categoryFeatures, and(eq(categoryFeatures.tenantId, categories.tenantId), eq(categoryFeatures.categoryId, categories.id)))
    .leftJoin(features, and(eq(features.tenantId, categoryFeatures.tenantId), eq(features.id, categoryFeatures.featureId)))
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.code), asc(features.code));

  const byId = new Map<string, CategorizationHierarchy['categories'][number]>();
  for (const { category, feature, enabled } of rows) {
    let entry = byId.get(category.id);
    if (!entry) {
      entry = {
        id: category.id,
        code: category.code,
        name: category.name,
        description: category.description,
        customerType: category.customerType,
        riskLevel: category.riskLevel,
        isActive: category.isActive,
        features: [],
      };
      byId.set(category.id, entry);
    }
    if (feature) {
      entry.features.push({
        id: feature.id,
        code: feature.code,
        name: feature.name,
        description: feature.description,
        enabled: enabled ?? true,
        mandatoryKeys: feature.mandatoryKeys,
        allowedValues: feature.allowedValues,
      });
    }
  }
  return { tenantId, categories: [...byId.values()] };
}
