import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { officerOf } from '@/lib/http/officer';
import { route } from '@/lib/http/route';
import { listAlerts } from '@/lib/services/aml/alerts';

// GET /api/v2.1/aml/alerts - the alert queue (filters, sort, paging)
const getPage = endpoint(amlRoutes.listAlerts, async ({ db, principal, query }) => envelopeA(await listAlerts(db, officerOf(principal), query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPage);
