import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { READ_ROLES } from '@/lib/services/wallets/access';
import { ledgerSettings } from '@/lib/services/wallets/settings';

// GET /api/v2.1/ledger/settings - sandbox funding on or off (and why) and the four-eyes threshold, for the money screens
const getSettings = withAuth(async ({ db, tenant }) => envelopeA(await ledgerSettings(db, tenant.id)), { roles: READ_ROLES });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSettings });
