import { updateTransferSettingsBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { ADMIN_ROLES } from '@/lib/services/wallets/access';
import { getTransferSettings, updateTransferSettings } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers/settings - the tenant's four-eyes threshold
const getSettings = withAuth(async ({ db, tenant }) => envelopeA(await getTransferSettings(db, tenant.id)), { roles: ADMIN_ROLES });

// PUT /api/v2.1/transfers/settings - set the four-eyes threshold (null: never)
const put = withAuth(
  async ({ db, tenant, body }) => envelopeA(await updateTransferSettings(db, tenant.id, body), { message: 'transfer settings updated' }),
  { roles: ADMIN_ROLES, body: updateTransferSettingsBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSettings, PUT: put });
