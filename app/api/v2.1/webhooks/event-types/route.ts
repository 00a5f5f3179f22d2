import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { eventCatalogue } from '@/lib/services/webhooks/catalogue';

// GET /api/v2.1/webhooks/event-types - the event catalogue: every type a subscription can name
const getEventTypes = endpoint(webhookRoutes.eventTypes, async () => envelopeA(eventCatalogue()));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getEventTypes);
