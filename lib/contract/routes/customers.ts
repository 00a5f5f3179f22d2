import { notFound } from '../api-errors';
import { CUSTOMER_EXPORT_MAX_ROWS, customerDetailSchema, customerIdParamsSchema, customerPageSchema, exportCustomersQuerySchema, listCustomersQuerySchema } from '../customers';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- the tenant's customers (the panel's directory)
// Each links what its route parses and answers (app/api/v2.1/customers/**, lib/contract/customers.ts)
// and the catalogue errors its service throws (lib/services/customers).
const directory = { tags: ['Panel'], auth: 'bearer', allow: 'tenant:staff' } as const;

const listCustomers = defineRoute({
  ...directory,
  method: 'GET',
  path: '/api/v2.1/customers',
  summary: "The tenant's customers (search, type/status/verification/category/organization filters, sort, paging)",
  query: listCustomersQuerySchema,
  response: customerPageSchema,
});

const exportCustomers = defineRoute({
  ...directory,
  method: 'GET',
  path: '/api/v2.1/customers/export',
  summary: 'The filtered customer list as CSV (same filters and sort as the list)',
  description: `At most ${CUSTOMER_EXPORT_MAX_ROWS} rows; a cell starting with = + - @ is prefixed with '.`,
  envelope: 'none',
  responseContentType: 'text/csv',
  query: exportCustomersQuerySchema,
});

const getCustomer = defineRoute({
  ...directory,
  method: 'GET',
  path: '/api/v2.1/customers/{customerId}',
  summary: 'One customer: profile, documents, consents with history, verification, audit log',
  params: customerIdParamsSchema,
  response: customerDetailSchema,
  errors: [notFound('customer')],
});

export const customerRoutes = { listCustomers, exportCustomers, getCustomer };
