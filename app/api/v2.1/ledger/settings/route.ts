import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { ledgerSettings } from '@/lib/services/wallets/settings';

// GET /api/v2.1/ledger/settings - sandbox funding on or off (and why) and the four-eyes threshold, for the money screens
const getSettings = endpoint(moneyRoutes.ledgerSettings, async ({ db, tenant }) => envelopeA(await ledgerSettings(db, tenant.id)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSettings);
