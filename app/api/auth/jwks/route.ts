import { getDb } from '@/lib/db/client';
import { withApi } from '@/lib/http/api-route';
import { route } from '@/lib/http/route';
import { publicJwks } from '@/lib/services/identity/signing-keys';

// GET /api/auth/jwks - the public keys that verify our tokens (RFC 7517 JWK Set, no envelope)
const getJwks = withApi(async () => {
  const jwks = await publicJwks(await getDb());
  return Response.json(jwks, { headers: { 'Cache-Control': 'public, max-age=300' } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getJwks });
