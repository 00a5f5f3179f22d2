import { z } from 'zod';
import { REQUIRED_HEADERS } from '../headers';
import {
  adminSessionBodySchema,
  adminUserPageSchema,
  adminSessionParamsSchema,
  adminUserSchema,
  createUserBodySchema,
  customerSessionBodySchema,
  customerSessionParamsSchema,
  listUsersQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  refreshBodySchema,
  resetPasswordBodySchema,
  sessionDataSchema,
  sessionIdParamsSchema,
  sessionViewSchema,
  setRolesBodySchema,
  userIdParamsSchema,
} from '../identity';
import { accountLocked, authenticationFailed, passwordMismatch, unauthorized } from '../api-errors';
import { duplicateUser, EXAMPLE_TIME, itemsOf } from './shared';
import { defineRoute } from './types';

const jwksSchema = z
  .object({ keys: z.array(z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string(), alg: z.string(), use: z.string() }).catchall(z.unknown())) })
  .describe('RFC 7517 JWK Set');

// ------------------------------------------------------------------------------------- identity
const login = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  tags: ['Sessions'],
  auth: 'tenant',
  envelope: 'none',
  rateLimit: 'login',
  summary: 'Get a 1-hour bearer token for the virtual card API',
  description: 'Top-level fields, no envelope. Any active user of the tenant (email or username).',
  headers: { required: REQUIRED_HEADERS.login, optional: ['User-Agent', 'sec-ch-ua-platform'] },
  body: loginBodySchema,
  response: loginResponseSchema,
  errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
});

const jwks = defineRoute({
  method: 'GET',
  path: '/api/auth/jwks',
  tags: ['Sessions'],
  auth: 'none',
  envelope: 'none',
  summary: 'Public keys that verify our tokens (JWK Set)',
  response: jwksSchema,
});

const adminSession = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions',
  tags: ['Sessions'],
  auth: 'tenant',
  rateLimit: 'login',
  summary: 'Create an administrator session (contract endpoint 1)',
  message: 'session created',
  headers: { required: REQUIRED_HEADERS.adminSession, optional: ['sec-ch-ua-platform'] },
  params: adminSessionParamsSchema,
  body: adminSessionBodySchema,
  response: sessionDataSchema,
  errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
});

const customerSession = defineRoute({
  method: 'POST',
  path: '/api/v2.1/customer/individual/{customerId}/users/{userId}/sessions',
  tags: ['Sessions'],
  auth: 'tenant',
  rateLimit: 'login',
  summary: 'Create a customer session (contract endpoint 2)',
  message: 'session created',
  headers: { required: REQUIRED_HEADERS.customerSession, optional: ['User-Agent', 'sec-ch-ua-platform'] },
  params: customerSessionParamsSchema,
  body: customerSessionBodySchema,
  response: sessionDataSchema,
  errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
});

const refresh = defineRoute({
  method: 'POST',
  path: '/api/v2.1/sessions/refresh',
  tags: ['Sessions'],
  auth: 'tenant',
  rateLimit: 'login',
  summary: 'Rotate a refresh token; reuse of a spent one revokes the session',
  message: 'session refreshed',
  body: refreshBodySchema,
  response: sessionDataSchema,
  // an unknown or expired refresh token; a spent one, whose reuse revokes its session (docs/identity.md)
  errors: [unauthorized('the refresh token is invalid or expired'), unauthorized('the refresh token was already used; the session has been revoked')],
});

const logout = defineRoute({
  method: 'POST',
  path: '/api/v2.1/sessions/logout',
  tags: ['Sessions'],
  auth: 'bearer',
  allow: 'session:own',
  summary: 'End the current session, or every session with {allSessions: true}',
  message: 'signed out',
  body: logoutBodySchema,
  response: z.object({ revokedSessions: z.number().int() }),
});

const listSessions = defineRoute({
  method: 'GET',
  path: '/api/v2.1/sessions',
  tags: ['Sessions'],
  auth: 'bearer',
  allow: 'session:own',
  summary: "The caller's own active sessions",
  response: itemsOf(sessionViewSchema),
});

const revokeSession = defineRoute({
  method: 'DELETE',
  path: '/api/v2.1/sessions/{sessionId}',
  tags: ['Sessions'],
  auth: 'bearer',
  allow: 'session:own',
  summary: "End one of the caller's own sessions",
  message: 'session revoked',
  params: sessionIdParamsSchema,
  response: z.object({ sessionId: z.uuid(), revoked: z.literal(true) }),
});

const listUsers = defineRoute({
  method: 'GET',
  path: '/api/v2.1/admin/users',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: "The tenant's administrator users (search, role, active filter, paged)",
  query: listUsersQuerySchema,
  response: adminUserPageSchema,
});

const createUser = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/users',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'Create an administrator user with roles',
  message: 'user created',
  body: createUserBodySchema,
  response: adminUserSchema,
  errors: [passwordMismatch(), ...duplicateUser],
});

const getUser = defineRoute({
  method: 'GET',
  path: '/api/v2.1/admin/users/{userId}',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'One administrator user with its lock state',
  params: userIdParamsSchema,
  response: adminUserSchema,
});

const disableUser = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/users/{userId}/disable',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'Disable the user; ends every session of it',
  message: 'user disabled',
  params: userIdParamsSchema,
  response: adminUserSchema,
});

const enableUser = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/users/{userId}/enable',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'Enable the user',
  message: 'user enabled',
  params: userIdParamsSchema,
  response: adminUserSchema,
});

const unlockUser = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/users/{userId}/unlock',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'Clear failed sign-in attempts and any lockout',
  message: 'user unlocked',
  params: userIdParamsSchema,
  response: adminUserSchema,
});

const setRoles = defineRoute({
  method: 'PUT',
  path: '/api/v2.1/admin/users/{userId}/roles',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: "Replace the user's roles",
  message: 'roles updated',
  params: userIdParamsSchema,
  body: setRolesBodySchema,
  response: adminUserSchema,
});

const resetPassword = defineRoute({
  method: 'POST',
  path: '/api/v2.1/admin/users/{userId}/password',
  tags: ['Administrators'],
  auth: 'bearer',
  allow: 'user:manage',
  summary: 'Set a new password; ends every session of the user',
  message: 'password reset',
  params: userIdParamsSchema,
  body: resetPasswordBodySchema,
  response: adminUserSchema,
});

export const identityRoutes = {
  login,
  jwks,
  adminSession,
  customerSession,
  refresh,
  logout,
  listSessions,
  revokeSession,
  listUsers,
  createUser,
  getUser,
  disableUser,
  enableUser,
  unlockUser,
  setRoles,
  resetPassword,
};
