import { endUserIp } from '@/lib/contract/headers';
import { PANEL_CARD_ROLES } from '@/lib/contract/panel';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { mintPanelCardToken } from '@/lib/services/identity/panel-card-token';

// POST /api/v2.1/panel/card-token - a short-lived card API token for the signed-in panel user (the card lookup screen)
const postToken = withAuth(
  async ({ db, principal, headers, req }) => {
    const forwarded = headers['X-Forwarded-For'];
    const clientIp = forwarded ? endUserIp(forwarded) : '127.0.0.1';
    const minted = await mintPanelCardToken(db, principal, {
      ipAddress: clientIp,
      userAgent: req.headers.get('user-agent'),
      platform: 'web',
      forwardedFrom: 'admin-panel',
    });
    return envelopeA({ ...minted, clientIp }, { message: 'card token issued', headers: { 'Cache-Control': 'no-store' } });
  },
  { roles: PANEL_CARD_ROLES, headers: { required: [], optional: ['X-Forwarded-For'] } },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postToken });
