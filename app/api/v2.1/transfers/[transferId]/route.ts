import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { getTransfer } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers/{transferId} - one transfer
const getOne = endpoint(moneyRoutes.getTransfer, async ({ db, tenant, principal, params }) => envelopeA(await getTransfer(db, tenant.id, actorOf(principal), params.transferId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
