import { getCardProcessor } from '@/lib/card-processor';
import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { officerOf } from '@/lib/http/officer';
import { route } from '@/lib/http/route';
import { decideAlert } from '@/lib/services/aml/alerts';

// POST /api/v2.1/aml/alerts/{alertId}/decisions - decide an alert with a reason code and a comment
const post = endpoint(amlRoutes.decideAlert, async ({ db, principal, params, body, requestId }) =>
  envelopeA(await decideAlert(db, officerOf(principal, requestId), params.alertId, body, getCardProcessor), { message: 'alert decided' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
