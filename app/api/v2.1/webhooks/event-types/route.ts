import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { eventCatalogue } from '@/lib/services/webhooks/catalogue';

// GET /api/v2.1/webhooks/event-types - the event catalogue: every type a subscription can name
const getEventTypes = withAuth(async () => envelopeA(eventCatalogue()), { roles: ['ADMIN_USER'], rateLimit: 'webhooks' });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getEventTypes });
