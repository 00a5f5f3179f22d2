import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { reconcile } from '@/lib/services/ledger/reconcile';
import { ADMIN_ROLES } from '@/lib/services/wallets/access';

// GET /api/v2.1/ledger/reconciliation - the tenant's ledger checks: balanced entries, wallet balances, zero sums
const getReconciliation = withAuth(async ({ db, tenant }) => envelopeA(await reconcile(db, tenant.id)), { roles: ADMIN_ROLES });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getReconciliation });
