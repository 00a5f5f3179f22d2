import { dashboardSummarySchema } from '../customers';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- the panel's dashboard
const dashboardSummary = defineRoute({
  method: 'GET',
  path: '/api/v2.1/dashboard/summary',
  tags: ['Panel'],
  auth: 'bearer',
  allow: 'tenant:staff',
  summary: "The panel dashboard's counts (customers by status, waiting reviews, failed deliveries, cards)",
  response: dashboardSummarySchema,
});

export const dashboardRoutes = { dashboardSummary };
