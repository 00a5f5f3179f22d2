import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { officerOf } from '@/lib/http/officer';
import { route } from '@/lib/http/route';
import { getAlert } from '@/lib/services/aml/alerts';

// GET /api/v2.1/aml/alerts/{alertId} - one alert with the subject, the entry, the explanation, the transfers and the timeline
const getOne = endpoint(amlRoutes.getAlert, async ({ db, principal, params }) => envelopeA(await getAlert(db, officerOf(principal), params.alertId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
