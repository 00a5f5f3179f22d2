import { externalEventRoutes } from '@/lib/contract/routes/external-events';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listExternalEvents } from '@/lib/services/external-events/receive';

// GET /api/v2.1/external-events - the events partners sent, newest first, with the count per status
const list = endpoint(externalEventRoutes.listEvents, async ({ db, tenant, query }) => envelopeA(await listExternalEvents(db, tenant.id, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(list);
