import { z } from 'zod';
import { customerTypeSchema, riskLevelSchema } from './enums';

export const categoryFeatureSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  mandatoryKeys: z.array(z.string()).describe('keys a registration must provide for this feature'),
  allowedValues: z.record(z.string(), z.array(z.string())).describe('per key, the values it may take'),
});

/**
 * A feature on its own (POST /categorization/features, PATCH /categorization/features/{id}): no
 * `enabled`, which belongs to a feature's link to a category in the hierarchy.
 */
export const featureSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  mandatoryKeys: z.array(z.string()).describe('keys a registration must provide for this feature'),
  allowedValues: z.record(z.string(), z.array(z.string())).describe('per key, the values it may take'),
  createdAt: z.string().describe('ISO 8601 time'),
  updatedAt: z.string().describe('ISO 8601 time'),
});
export type Feature = z.infer<typeof featureSchema>;

export const categorySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  customerType: customerTypeSchema,
  riskLevel: riskLevelSchema,
  isActive: z.boolean(),
  features: z.array(categoryFeatureSchema),
});
export type Category = z.infer<typeof categorySchema>;

// GET /api/v2.1/categorization/hierarchy/{tenantId}
export const categorizationHierarchySchema = z.object({
  tenantId: z.uuid(),
  categories: z.array(categorySchema),
});
export type CategorizationHierarchy = z.infer<typeof categorizationHierarchySchema>;
