import { notFound, validationFailed } from '../api-errors';
import { categoryProcessBodySchema, categoryProcessListSchema, categoryProcessParamsSchema, categoryProcessSchema, categoryRequirementsSchema } from '../category-processes';
import { defineRoute } from './types';

// ------------------------------------------------------------------ the category-to-process mapping (docs/category-processes.md)

const listCategoryProcesses = defineRoute({
  method: 'GET',
  path: '/api/v2.1/category-processes',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: 'The process of every category: documents per customer type, screening, approvals, products',
  response: categoryProcessListSchema,
});

const getCategoryProcess = defineRoute({
  method: 'GET',
  path: '/api/v2.1/category-processes/{categoryId}',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "One category's process (the default until the tenant changes it)",
  params: categoryProcessParamsSchema,
  response: categoryProcessSchema,
  errors: [notFound('category')],
});

const putCategoryProcess = defineRoute({
  method: 'PUT',
  path: '/api/v2.1/category-processes/{categoryId}',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "Replace a category's process (audited); open cases follow it from their next decision",
  description:
    'The whole process: `requiredDocuments` per customer type (an individual always needs IDENTITY, an organization REPRESENTATIVE_IDENTITY: one identity document per representative and owner), `screeningRequired`, `approvalsRequired` (1, or 2 distinct officers) and `productCodes` (empty: any product).',
  message: 'category process updated',
  params: categoryProcessParamsSchema,
  body: categoryProcessBodySchema,
  response: categoryProcessSchema,
  errors: [
    notFound('category'),
    validationFailed([{ field: 'requiredDocuments.INDIVIDUAL.1', message: 'unknown document requirement "PAYSLIP" for individuals: choose one of IDENTITY, PROOF_OF_ADDRESS' }]),
  ],
});

const categoryRequirements = defineRoute({
  method: 'GET',
  path: '/api/v2.1/category-processes/{categoryId}/requirements',
  tags: ['Categorization'],
  auth: 'tenant',
  summary: 'What a registration of the category must provide: its documents (the registration wizards read it)',
  params: categoryProcessParamsSchema,
  response: categoryRequirementsSchema,
  errors: [notFound('category')],
});

export const categoryProcessRoutes = { listCategoryProcesses, getCategoryProcess, putCategoryProcess, categoryRequirements };
