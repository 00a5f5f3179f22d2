import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { reconcile } from '@/lib/services/ledger/reconcile';

// GET /api/v2.1/ledger/reconciliation - the tenant's ledger checks: balanced entries, wallet balances, zero sums
const getReconciliation = endpoint(moneyRoutes.reconciliation, async ({ db, tenant }) => envelopeA(await reconcile(db, tenant.id)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getReconciliation);
