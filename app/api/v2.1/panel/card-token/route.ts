import { endUserIp } from '@/lib/contract/headers';
import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { mintPanelCardToken } from '@/lib/services/identity/panel-card-token';

// POST /api/v2.1/panel/card-token - a short-lived card API token for the signed-in panel user (the card lookup screen)
const postToken = endpoint(moneyRoutes.panelCardToken, async ({ db, principal, headers, req, identity }) => {
  const forwarded = headers['X-Forwarded-For'];
  const clientIp = forwarded ? endUserIp(forwarded) : '127.0.0.1';
  const minted = await mintPanelCardToken(db, principal, {
    ipAddress: clientIp,
    clientIp: identity.ip,
    userAgent: req.headers.get('user-agent'),
    platform: 'web',
    forwardedFrom: 'admin-panel',
  });
  return envelopeA({ ...minted, clientIp }, { message: 'card token issued', headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postToken);
