import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getTransferSettings, updateTransferSettings } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers/settings - the tenant's four-eyes threshold
const getSettings = endpoint(moneyRoutes.getTransferSettings, async ({ db, tenant }) => envelopeA(await getTransferSettings(db, tenant.id)));

// PUT /api/v2.1/transfers/settings - set the four-eyes threshold (null: never)
const put = endpoint(moneyRoutes.updateTransferSettings, async ({ db, tenant, body }) =>
  envelopeA(await updateTransferSettings(db, tenant.id, body), { message: 'transfer settings updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSettings, put);
