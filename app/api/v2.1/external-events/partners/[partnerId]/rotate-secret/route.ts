import { externalEventRoutes } from '@/lib/contract/routes/external-events';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { rotatePartnerSecret } from '@/lib/services/external-events/partners';

// POST /api/v2.1/external-events/partners/{partnerId}/rotate-secret - a new secret, shown once; the previous one stops verifying
const rotate = endpoint(externalEventRoutes.rotatePartnerSecret, async ({ db, tenant, principal, params }) =>
  envelopeA(await rotatePartnerSecret(db, tenant.id, principal.userId, params.partnerId), { message: 'external event partner secret rotated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(rotate);
