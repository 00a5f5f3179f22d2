import { externalEventRoutes } from '@/lib/contract/routes/external-events';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { updatePartner } from '@/lib/services/external-events/partners';

// PATCH /api/v2.1/external-events/partners/{partnerId} - rename a partner, disable or enable it
const update = endpoint(externalEventRoutes.updatePartner, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await updatePartner(db, tenant.id, principal.userId, params.partnerId, body), { message: 'external event partner updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(update);
