import { z } from 'zod';
import { refuseRepeats, uuidSchema } from './common';
import { customerTypeSchema } from './enums';
import { DOCUMENT_REQUIREMENTS, requiredDocumentsFor, type CustomerType, type DocumentRequirement } from './review';

/**
 * The category-to-process mapping (docs/category-processes.md): for each category of a tenant's
 * catalog, what onboarding a customer of that category goes through, as Sumsub's levels or Unit's
 * application requirements do it: the documents required per customer type, whether the customer
 * is screened against the sanctions and PEP lists at registration, how many officers must approve
 * the case (one, or two distinct officers), and the products the category may open (product codes;
 * empty: any). A category the tenant never changed follows the DEFAULT process, which is the fixed
 * table this platform always had (lib/contract/review.ts REQUIRED_DOCUMENTS): nothing changes for a
 * tenant until it changes a mapping.
 */

/** The document requirements a process may name, per customer type (what makes sense for that kind of customer). */
export const PROCESS_REQUIREMENTS: Record<CustomerType, readonly DocumentRequirement[]> = {
  INDIVIDUAL: ['IDENTITY', 'PROOF_OF_ADDRESS'],
  ORGANIZATION: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'],
};

/**
 * The one requirement no process may leave out: an individual proves their identity, and every
 * representative and owner of an organization their own (one identity document tied to each person).
 */
export const ALWAYS_REQUIRED: Record<CustomerType, DocumentRequirement> = { INDIVIDUAL: 'IDENTITY', ORGANIZATION: 'REPRESENTATIVE_IDENTITY' };

export const MAX_PRODUCT_CODES = 50;
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const requirementSchema = (type: CustomerType) => {
  const keys = PROCESS_REQUIREMENTS[type] as [DocumentRequirement, ...DocumentRequirement[]];
  // the refused value is named only when it is a short string: anything else (a number, a nested
  // array thousands deep, 400 kB of text) is neither echoed nor serialised
  return z.enum(keys, {
    error: (issue) =>
      typeof issue.input === 'string' && issue.input.length <= 64
        ? `unknown document requirement ${JSON.stringify(issue.input)} for ${type.toLowerCase()}s: choose one of ${keys.join(', ')}`
        : `must be a document requirement for ${type.toLowerCase()}s: one of ${keys.join(', ')}`,
  });
};

const requirementList = (type: CustomerType) =>
  z
    .array(requirementSchema(type))
    .max(PROCESS_REQUIREMENTS[type].length, `at most ${PROCESS_REQUIREMENTS[type].length} requirements`)
    .superRefine((list, ctx) => {
      refuseRepeats(list, ctx);
      if (!list.includes(ALWAYS_REQUIRED[type]))
        ctx.addIssue({
          code: 'custom',
          message:
            type === 'INDIVIDUAL'
              ? 'must include IDENTITY: every individual proves their identity'
              : 'must include REPRESENTATIVE_IDENTITY: every representative and owner proves their identity',
        });
    })
    .describe(`the documents a ${type.toLowerCase()} of this category must have accepted before approval; one of ${PROCESS_REQUIREMENTS[type].join(', ')}`);

export const requiredDocumentsSchema = z.object({ INDIVIDUAL: requirementList('INDIVIDUAL'), ORGANIZATION: requirementList('ORGANIZATION') });

export const productCodeSchema = z
  .string()
  .regex(PRODUCT_CODE_PATTERN, 'a product code is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit')
  .describe("a product's code, unique in the tenant (e.g. default-wallet)");

// PUT /api/v2.1/category-processes/{categoryId}: the whole process of one category
export const categoryProcessBodySchema = z.object({
  requiredDocuments: requiredDocumentsSchema,
  screeningRequired: z.boolean({ error: 'must be true or false' }).describe('screen the customer, its representatives and owners against the sanctions and PEP lists at registration'),
  approvalsRequired: z
    .union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' })
    .describe('officers who must approve the case: 2 means two distinct officers (the second cannot be the first)'),
  productCodes: z
    .array(productCodeSchema)
    .max(MAX_PRODUCT_CODES, `at most ${MAX_PRODUCT_CODES} products`)
    .superRefine(refuseRepeats)
    .describe('the products a customer of this category may open, by code; empty: any product'),
});
export type CategoryProcessBody = z.infer<typeof categoryProcessBodySchema>;
export type CategoryProcessRules = CategoryProcessBody;

export const categoryProcessParamsSchema = z.object({ categoryId: uuidSchema });

/** One category's process as the API answers it. */
export const categoryProcessSchema = categoryProcessBodySchema.extend({
  categoryId: z.uuid(),
  categoryCode: z.string(),
  categoryName: z.string(),
  customerType: customerTypeSchema.describe("the category's kind of customer: the requiredDocuments entry its registrations use"),
  isActive: z.boolean(),
  isDefault: z.boolean().describe('true: the platform default process (the tenant never changed this mapping)'),
  updatedBy: z.uuid().nullable(),
  updatedAt: z.string().nullable().describe('ISO 8601 time of the last change; null for the default'),
});
export type CategoryProcess = z.infer<typeof categoryProcessSchema>;

// GET /api/v2.1/category-processes
export const categoryProcessListSchema = z.object({ items: z.array(categoryProcessSchema) });

// GET /api/v2.1/category-processes/{categoryId}/requirements: what a registration of the category must provide
export const categoryRequirementsSchema = z.object({
  categoryId: z.uuid(),
  categoryName: z.string(),
  customerType: customerTypeSchema,
  documents: z.array(
    z.object({
      requirement: z.string(),
      label: z.string(),
      documentTypes: z.array(z.string()).describe('any of these document types meets the requirement'),
      perPerson: z.boolean().describe('one document per representative and owner, tied to that person'),
    }),
  ),
});
export type CategoryRequirements = z.infer<typeof categoryRequirementsSchema>;

/** The default process of a category: today's fixed table by the category's code, screened, one approval, any product. */
export function defaultCategoryProcess(categoryCode: string | null | undefined): CategoryProcessRules {
  return {
    requiredDocuments: { INDIVIDUAL: requiredDocumentsFor('INDIVIDUAL', categoryCode), ORGANIZATION: requiredDocumentsFor('ORGANIZATION', categoryCode) },
    screeningRequired: true,
    approvalsRequired: 1,
    productCodes: [],
  };
}

/** The requirements of a process for one customer type, in words (the wizard's slots, the public read). */
export function requirementsInWords(list: readonly DocumentRequirement[]): CategoryRequirements['documents'] {
  return list.map((r) => ({
    requirement: r,
    label: DOCUMENT_REQUIREMENTS[r].label,
    documentTypes: [...DOCUMENT_REQUIREMENTS[r].documentTypes],
    perPerson: r === 'REPRESENTATIVE_IDENTITY',
  }));
}

/** "category Retail premium": the rule's source as the review case names it. */
export const requiredByCategory = (categoryName: string | null | undefined, customerType: CustomerType) =>
  categoryName ? `category ${categoryName}` : `the default process for ${customerType === 'INDIVIDUAL' ? 'individuals' : 'organizations'}`;
