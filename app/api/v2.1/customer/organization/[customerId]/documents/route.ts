import { organizationRoutes } from '@/app/api/v2.1/customer/_shared/customer-routes';

// /api/v2.1/customer/organization/{customerId}/documents - see app/api/v2.1/customer/_shared/customer-routes.ts
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = organizationRoutes.documents;
