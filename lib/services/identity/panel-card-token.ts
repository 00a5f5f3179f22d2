import type { Db } from '@/lib/db/client';
import { forbidden, unauthorized } from '@/lib/contract/api-errors';
import { openSession, type Principal, type SessionContext } from './sessions';
import { findUserById } from './users';

/**
 * The admin panel's card lookup calls the card gateway, which accepts only bearer tokens. This mints
 * a CARD_API session (1 h, no refresh token) for the user of a live panel session, with the panel
 * session's roles: exactly what /api/auth/login would give that user, without asking for the
 * password again. Bearer callers are refused: they can log in themselves.
 */
export async function mintPanelCardToken(db: Db, principal: Principal, context: SessionContext) {
  if (principal.kind !== 'PANEL') throw forbidden('only a panel session may mint a card token; API clients use /api/auth/login');
  const user = await findUserById(db, principal.tenantId, principal.userId);
  if (!user || !user.isActive) throw unauthorized('the panel user is no longer active');
  const issued = await openSession(db, { user, kind: 'CARD_API', roles: principal.roles, context, withRefreshToken: false });
  return { token: issued.token, expiresAt: issued.expiresAt.toISOString(), expiresIn: issued.expiresIn };
}
