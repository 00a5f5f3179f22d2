import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { listWallets, openWallet } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets - wallets (a customer: its own; admins: filter by customerId, status, currency)
const getWallets = endpoint(moneyRoutes.listWallets, async ({ db, tenant, principal, query }) => envelopeA(await listWallets(db, tenant.id, actorOf(principal), query)));

// POST /api/v2.1/wallets - open a wallet for an ACTIVE customer in a currency
const postWallet = endpoint(moneyRoutes.openWallet, async ({ db, tenant, principal, body }) =>
  envelopeA(await openWallet(db, tenant.id, actorOf(principal), body), { message: 'wallet opened' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWallets, postWallet);
