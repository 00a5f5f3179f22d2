import { notFound } from '@/lib/contract/api-errors';
import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listScreenings, screenCustomer } from '@/lib/services/aml/screening';

// GET /api/v2.1/aml/screenings - screenings, newest first (filter by customer)
const getPage = endpoint(amlRoutes.listScreenings, async ({ db, tenant, query }) => envelopeA(await listScreenings(db, tenant.id, query)));

// POST /api/v2.1/aml/screenings - screen a customer now, with its representatives, owners and beneficiaries
const post = endpoint(amlRoutes.screenCustomer, async ({ db, tenant, principal, body }) => {
  const outcome = await screenCustomer(db, tenant.id, body.customerId, principal.userId);
  if (!outcome) throw notFound('customer');
  const screenings = await listScreenings(db, tenant.id, { page: 1, pageSize: outcome.screeningIds.length, customerId: body.customerId });
  return envelopeA({ screenings: screenings.items, alertIds: outcome.alertIds }, { message: 'customer screened' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPage, post);
