import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { panelSignInSchema, type PanelSignInError } from '@/lib/contract/panel';
import { getDb } from '@/lib/db/client';
import { isApiError } from '@/lib/contract/api-errors';
import { clientIp } from '@/lib/http/client-ip';
import { throttle } from '@/lib/http/rate-limit';
import { panelLogin } from '@/lib/services/identity/login';
import { PANEL_SESSION_TTL_SECONDS, revokeSession } from '@/lib/services/identity/sessions';
import { toSessionUser } from '@/lib/services/identity/users';
import { resolveActiveTenant } from '@/lib/services/tenants/tenants';
import { logger } from '@/lib/log';
import { authSecret } from './secret';
import { textProblem } from '@/lib/contract/text';

/** Errors reach the sign-in form as the message of next-auth's error: a small JSON document. */
function signInError(error: PanelSignInError): Error {
  return new Error(JSON.stringify(error));
}

/**
 * next-auth for the admin panel: a Credentials provider that calls the same identity service as the
 * administrator session endpoint (lockout, enumeration safety), JWT session strategy carrying our
 * server-side session id, and sign-out that revokes that session.
 */
export async function authOptions(): Promise<NextAuthOptions> {
  const db = await getDb();
  return {
    secret: await authSecret(db),
    session: { strategy: 'jwt', maxAge: PANEL_SESSION_TTL_SECONDS },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Business Platform',
        credentials: { tenantId: { type: 'text' }, username: { type: 'text' }, password: { type: 'password' } },
        async authorize(credentials, req) {
          const parsed = panelSignInSchema.safeParse(credentials ?? {});
          // the edge's text rule (docs/errors.md): next-auth's own route does not pass through createRoute
          const badText = Object.values(credentials ?? {}).some((v) => typeof v === 'string' && textProblem(v) !== null);
          if (!parsed.success || badText) throw signInError({ status: 400, message: 'request validation failed' });
          const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
          // the one client address (lib/http/client-ip.ts): the socket peer, or behind TRUSTED_PROXIES the forwarded client
          const ip = clientIp(headers);
          try {
            await throttle('signin', parsed.data.tenantId, ip);
            const tenant = await resolveActiveTenant(db, parsed.data.tenantId);
            const { issued, user } = await panelLogin(db, tenant, parsed.data, {
              ipAddress: ip ?? '127.0.0.1',
              clientIp: ip,
              userAgent: headers['user-agent'] ?? null,
              platform: 'web',
              forwardedFrom: 'admin-panel',
            });
            const view = toSessionUser(user);
            return { id: user.id, name: view.fullName, email: user.email, tid: tenant.id, sid: issued.sessionId, roles: view.roles, tenantName: tenant.name };
          } catch (error) {
            if (isApiError(error)) {
              const data = error.data as Record<string, unknown>;
              throw signInError({
                status: error.status,
                message: error.message,
                details: typeof data.details === 'string' ? data.details : undefined,
                attempts: typeof data.attempts === 'number' ? data.attempts : undefined,
                maxAttempts: typeof data.maxAttempts === 'number' ? data.maxAttempts : undefined,
                lockoutTime: typeof data.lockoutTime === 'string' ? data.lockoutTime : null,
                lockoutDuration: typeof data.lockoutDuration === 'number' ? data.lockoutDuration : undefined,
                retryAfter: error.headers['Retry-After'] ? Number(error.headers['Retry-After']) : undefined,
              });
            }
            logger().error({ err: error }, 'panel sign-in failed');
            throw signInError({ status: 500, message: 'internal server error' });
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { tid: string; sid: string; roles: string[]; tenantName: string };
          token.tid = u.tid;
          token.sid = u.sid;
          token.roles = u.roles;
          token.tenantName = u.tenantName;
        }
        return token;
      },
      async session({ session, token }) {
        return {
          ...session,
          user: { ...session.user, id: token.sub, tenantId: token.tid, sessionId: token.sid, tenantName: token.tenantName, roles: token.roles ?? [] },
        };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.tid === 'string' && typeof token?.sid === 'string') {
          await revokeSession(db, token.tid, token.sid, 'SIGNED_OUT');
        }
      },
    },
  };
}
