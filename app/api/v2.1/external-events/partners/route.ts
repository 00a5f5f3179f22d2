import { externalEventRoutes } from '@/lib/contract/routes/external-events';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createPartner, listPartners } from '@/lib/services/external-events/partners';

// GET /api/v2.1/external-events/partners - the tenant's external event partners (never their secrets)
const list = endpoint(externalEventRoutes.listPartners, async ({ db, tenant }) => envelopeA({ items: await listPartners(db, tenant.id) }));

// POST /api/v2.1/external-events/partners - register a partner; its secret is in this answer only
const create = endpoint(externalEventRoutes.createPartner, async ({ db, tenant, principal, body }) =>
  envelopeA(await createPartner(db, tenant.id, principal.userId, body), { message: 'external event partner registered' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(list, create);
