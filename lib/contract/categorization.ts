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
