import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getRule, updateRule } from '@/lib/services/aml/rules';

// GET /api/v2.1/aml/rules/{ruleId} - one rule with its versions
const getOne = endpoint(amlRoutes.getRule, async ({ db, tenant, params }) => envelopeA(await getRule(db, tenant.id, params.ruleId)));

// PATCH /api/v2.1/aml/rules/{ruleId} - change a rule (a new version)
const patch = endpoint(amlRoutes.updateRule, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await updateRule(db, tenant.id, principal.userId, params.ruleId, body), { message: 'rule updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, patch);
