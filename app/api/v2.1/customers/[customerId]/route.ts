import { customerRoutes } from '@/lib/contract/routes/customers';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeAJson } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { customerDetailJson } from '@/lib/services/customers/directory';

// GET /api/v2.1/customers/{customerId} - one customer: profile, documents, consents with history, verification, audit log
const getCustomer = endpoint(customerRoutes.getCustomer, async ({ db, tenant, params }) => envelopeAJson(await customerDetailJson(db, tenant.id, params.customerId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCustomer);
