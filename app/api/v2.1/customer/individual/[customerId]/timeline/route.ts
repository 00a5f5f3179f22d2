import { individualRoutes } from '@/app/api/v2.1/customer/_shared/customer-routes';

// /api/v2.1/customer/individual/{customerId}/timeline - see app/api/v2.1/customer/_shared/customer-routes.ts
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = individualRoutes.timeline;
