import { identityRoutes } from '@/lib/contract/routes/identity';
import { getDb } from '@/lib/db/client';
import { endpoint } from '@/lib/http/endpoint';
import { jsonAnswer } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { publicJwks } from '@/lib/services/identity/signing-keys';

// GET /api/auth/jwks - the public keys that verify our tokens (RFC 7517 JWK Set, no envelope)
const getJwks = endpoint(identityRoutes.jwks, async () => {
  const jwks = await publicJwks(await getDb());
  return jsonAnswer(jwks, { headers: { 'Cache-Control': 'public, max-age=300' } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJwks);
