import { organizationRoutes } from '@/lib/http/customer-routes';

// /api/v2.1/customer/organization/{customerId}/documents - see lib/http/customer-routes.ts
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = organizationRoutes.documents;
