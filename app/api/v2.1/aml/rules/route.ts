import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createRule, listRules } from '@/lib/services/aml/rules';

// GET /api/v2.1/aml/rules - the tenant's monitoring rules and each type's defaults
const getList = endpoint(amlRoutes.listRules, async ({ db, tenant }) => envelopeA(await listRules(db, tenant.id)));

// POST /api/v2.1/aml/rules - create a rule
const post = endpoint(amlRoutes.createRule, async ({ db, tenant, principal, body }) => envelopeA(await createRule(db, tenant.id, principal.userId, body), { message: 'rule created' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
