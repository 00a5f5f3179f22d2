import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { backtestRule } from '@/lib/services/aml/rules';

// POST /api/v2.1/aml/rules/{ruleId}/backtest - what the rule would have caught among past transfers
const post = endpoint(amlRoutes.backtestRule, async ({ db, tenant, params, body }) => envelopeA(await backtestRule(db, tenant.id, params.ruleId, body), { message: 'back-test done' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
