import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { officerOf } from '@/lib/http/officer';
import { route } from '@/lib/http/route';
import { assignAlert } from '@/lib/services/aml/alerts';

// POST /api/v2.1/aml/alerts/{alertId}/assign - claim, assign to another officer, or release
const post = endpoint(amlRoutes.assignAlert, async ({ db, principal, params, body, requestId }) =>
  envelopeA(await assignAlert(db, officerOf(principal, requestId), params.alertId, body.assigneeUserId), { message: 'alert assigned' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
