import { listWalletsQuerySchema, openWalletBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { listWallets, openWallet } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets - wallets (a customer: its own; admins: filter by customerId, status, currency)
const getWallets = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await listWallets(db, tenant.id, actorOf(principal), query)), {
  roles: READ_ROLES,
  query: listWalletsQuerySchema,
});

// POST /api/v2.1/wallets - open a wallet for an ACTIVE customer in a currency
const postWallet = withAuth(
  async ({ db, tenant, principal, body }) => envelopeA(await openWallet(db, tenant.id, actorOf(principal), body), { message: 'wallet opened' }),
  { roles: MANAGE_ROLES, body: openWalletBodySchema, idempotency: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getWallets, POST: postWallet });
