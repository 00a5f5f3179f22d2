import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { categorizationSelectionSchema } from '@/lib/contract/onboarding';
import type { RiskLevel } from '@/lib/contract/enums';
import type { DbOrTx } from '@/lib/db/client';
import { categories, categoryFeatures, features } from '@/lib/db/schema';
import { categorizationValidationFailed, tenantAccessDenied, validationFailed } from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import { checkCategoryParameters } from '@/lib/contract/category-parameters';

export interface CategorizationInput {
  categoryId?: string;
  riskLevel?: RiskLevel;
  featureIds?: string[];
  selection?: z.infer<typeof categorizationSelectionSchema>;
}

export interface CheckedCategorization {
  categoryId: string;
  riskLevel: RiskLevel;
  featureIds: string[];
  parameters: Record<string, string>;
}

/**
 * The one category a registration names. The contract's shapes let a body name it in several
 * members; when two name different categories the registration is refused (400 on each later one)
 * rather than one of them silently winning (the fuzzer's other-tenant category went unnoticed in a
 * member the registration did not read).
 */
export function chosenCategory(named: ReadonlyArray<readonly [field: string, id: string | undefined]>): string | undefined {
  const given = named.filter((n): n is readonly [string, string] => Boolean(n[1]));
  const first = given[0];
  if (!first) return undefined;
  const conflicting = given.filter(([, id]) => id !== first[1]);
  if (conflicting.length) throw validationFailed(conflicting.map(([field, id]) => ({ field, message: `names category ${id}, but ${first[0]} names ${first[1]}` })));
  return first[1];
}

/**
 * Checks a registration's categorization against the tenant's hierarchy: the category must exist
 * (else 400), be active and meant for this kind of customer (else 403: not available to the
 * tenant's customers of this kind), and every mandatory key of its enabled features must have a
 * value, within the feature's allowed values where it lists them (else 400 with missingKeys and
 * invalidValues).
 */
export async function checkCategorization(db: DbOrTx, tenantId: string, customerType: 'INDIVIDUAL' | 'ORGANIZATION', input: CategorizationInput): Promise<CheckedCategorization> {
  // the one the registration names (chosenCategory): the selection's id is among the members it compared
  const categoryId = input.categoryId;
  if (!categoryId) {
    throw categorizationValidationFailed({ details: 'no category was chosen', missingKeys: ['categoryId'], invalidValues: {} });
  }
  const [category] = isUuid(categoryId)
    ? await db
        .select()
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, categoryId)))
    : [];
  if (!category) {
    throw categorizationValidationFailed({ details: `category ${categoryId} does not exist`, missingKeys: [], invalidValues: { categoryId: `unknown category ${categoryId}` } });
  }
  if (!category.isActive || category.customerType !== customerType) throw tenantAccessDenied(tenantId);

  const rows = await db
    .select({ feature: features, enabled: categoryFeatures.enabled })
    .from(categoryFeatures)
    .innerJoin(features, and(eq(features.tenantId, categoryFeatures.tenantId), eq(features.id, categoryFeatures.featureId)))
    .where(and(eq(categoryFeatures.tenantId, tenantId), eq(categoryFeatures.categoryId, category.id)));
  const enabled = rows.filter((r) => r.enabled).map((r) => r.feature);

  const invalidValues: Record<string, string> = {};
  if (input.riskLevel && input.riskLevel !== category.riskLevel) {
    invalidValues.riskLevel = `"${input.riskLevel}" does not match the category's risk level ${category.riskLevel}`;
  }
  const enabledIds = new Set(enabled.map((f) => f.id));
  const requested = [...(input.featureIds ?? []), ...(input.selection?.categoryFeatureRelations ?? []).map((r) => r.feature.id).filter((id): id is string => Boolean(id))];
  const unknownFeatures = requested.filter((id) => !enabledIds.has(id));
  if (unknownFeatures.length) invalidValues.featureIds = `not features of this category: ${[...new Set(unknownFeatures)].join(', ')}`;

  const parameters: Record<string, string> = {};
  for (const p of input.selection?.parametrization ?? []) parameters[p.name] = p.value;
  for (const relation of input.selection?.categoryFeatureRelations ?? []) for (const p of relation.parametrization) parameters[p.name] = p.value;

  const checked = checkCategoryParameters(enabled, parameters);
  const missingKeys = checked.missingKeys;
  Object.assign(invalidValues, checked.invalidValues);
  if (missingKeys.length || Object.keys(invalidValues).length) {
    const parts = [
      missingKeys.length ? `missing mandatory keys: ${missingKeys.join(', ')}` : null,
      Object.keys(invalidValues).length ? `invalid values for: ${Object.keys(invalidValues).join(', ')}` : null,
    ].filter(Boolean);
    throw categorizationValidationFailed({ details: `category ${category.code}: ${parts.join('; ')}`, missingKeys, invalidValues });
  }
  return { categoryId: category.id, riskLevel: category.riskLevel, featureIds: enabled.map((f) => f.id), parameters };
}
