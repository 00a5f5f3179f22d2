import { individualRoutes } from '@/lib/http/customer-routes';

// /api/v2.1/customer/individual/{customerId}/timeline - see lib/http/customer-routes.ts
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = individualRoutes.timeline;
