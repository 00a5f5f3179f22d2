import { z } from 'zod';
import { conflict } from './api-errors';
import { isoDateTimeSchema, usernameSchema } from './common';
import { ADMIN_ROLES, adminRoleSchema, organizationTypeSchema, roleSchema } from './enums';
import { passwordSchema } from './password';

const str = (max = 256) => z.string().max(max, `must be at most ${max} characters`);
const loginString = z.string().min(1, 'must not be empty').max(254, 'must be at most 254 characters');
/** Passwords at login are compared, not judged: only a sane length bound (the hash input). */
const loginPassword = z.string().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters');

// POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions
export const adminSessionBodySchema = z.object({
  ipAddress: str(64).optional().describe('client IP address (informational; X-Forwarded-For is recorded)'),
  userAgent: str(512).optional(),
  platform: str(32).optional(),
  deviceId: str(128).optional(),
  username: loginString.describe('username or email of the administrator'),
  password: loginPassword,
  role: adminRoleSchema.optional().describe('role assigned to the session; must be one the user holds'),
  organizationType: organizationTypeSchema.optional().describe('must match the organization, e.g. PLATFORM_OWNER'),
});
export type AdminSessionBody = z.infer<typeof adminSessionBodySchema>;

export const adminSessionParamsSchema = z.object({ organizationId: z.uuid({ message: 'must be a UUID' }), userId: z.uuid({ message: 'must be a UUID' }) });

// POST /api/v2.1/customer/individual/{customerId}/users/{userId}/sessions
export const customerSessionBodySchema = z
  .object({
    username: loginString.optional(),
    password: loginPassword.optional(),
    tenantKey: str(128).optional(),
    tenantSecret: str(256).optional(),
    credentialType: z.literal('PASSWORD', { error: 'must be PASSWORD' }).optional(),
    value: loginPassword.optional(),
    tenantId: z.uuid({ message: 'must be a UUID' }).optional(),
  })
  .superRefine((body, ctx) => {
    const viaCredential = body.credentialType === 'PASSWORD';
    if (viaCredential && body.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is required with credentialType PASSWORD' });
    if (!viaCredential && body.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required (or credentialType PASSWORD with value)' });
    if (!viaCredential && body.username === undefined) ctx.addIssue({ code: 'custom', path: ['username'], message: 'is required (or credentialType PASSWORD with value)' });
    if ((body.tenantKey === undefined) !== (body.tenantSecret === undefined)) {
      ctx.addIssue({ code: 'custom', path: [body.tenantKey === undefined ? 'tenantKey' : 'tenantSecret'], message: 'tenantKey and tenantSecret go together' });
    }
  });
export type CustomerSessionBody = z.infer<typeof customerSessionBodySchema>;
export const customerSessionParamsSchema = z.object({ customerId: z.uuid({ message: 'must be a UUID' }), userId: z.uuid({ message: 'must be a UUID' }) });

// POST /api/auth/login
export const loginBodySchema = z.object({
  email: loginString.describe('email (or username) of any active user of the tenant'),
  password: loginPassword,
  tenantId: z.uuid({ message: 'must be a UUID' }),
});
export const loginResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.literal(3600),
});

export const phoneSchema = z.object({ phoneType: z.string(), encoding: z.string(), number: z.string() });

/** The contract's data.user (plus `username` and `roles`, since a user can hold several). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  customerId: z.string().nullable(),
  customerStatus: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  organizationId: z.string().nullable(),
  role: roleSchema.nullable(),
  roles: z.array(roleSchema),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tenantId: z.uuid(),
  gender: z.string().nullable(),
  phones: z.array(phoneSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The session `data` of endpoints 1 and 2 and of refresh. */
export const sessionDataSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().describe('access JWT (EdDSA), 1 hour'),
  refreshToken: z.string().describe('single use; rotate through POST /api/v2.1/sessions/refresh'),
  sessionId: z.uuid(),
  expiresAt: isoDateTimeSchema.describe('when the access token expires'),
  expiresIn: z.number().int(),
  errorType: z.null(),
  user: sessionUserSchema,
});
export type SessionData = z.infer<typeof sessionDataSchema>;

// POST /api/v2.1/sessions/refresh
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1, 'must not be empty').max(256) });
// POST /api/v2.1/sessions/logout
export const logoutBodySchema = z.object({ allSessions: z.boolean().default(false) }).default({ allSessions: false });

export const sessionViewSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  roles: z.array(roleSchema),
  deviceId: z.string().nullable(),
  ipAddress: z.string().nullable().describe('the address the request claimed: the left-most X-Forwarded-For entry'),
  clientIp: z.string().nullable().describe('the address the server trusts: the connection’s peer, or behind a trusted proxy the client it names'),
  userAgent: z.string().nullable(),
  platform: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export const sessionIdParamsSchema = z.object({ sessionId: z.uuid({ message: 'must be a UUID' }) });

// Admin user management
export const adminRolesSchema = z
  .array(adminRoleSchema)
  .min(1, 'at least one role is required')
  .max(ADMIN_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'roles must not repeat' });

export const createUserBodySchema = z.object({
  username: usernameSchema,
  email: z
    .email({ message: 'must be a valid email address' })
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  phoneNumber: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number like +4915112345678')
    .optional(),
  roles: adminRolesSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export const setRolesBodySchema = z.object({ roles: adminRolesSchema });
export const resetPasswordBodySchema = z.object({ password: passwordSchema });
export const userIdParamsSchema = z.object({ userId: z.uuid({ message: 'must be a UUID' }) });
export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: adminRoleSchema.optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminUserSchema = sessionUserSchema.extend({
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  failedAttempts: z.number().int(),
});

/** GET /admin/users */
export const adminUserPageSchema = z.object({ items: z.array(adminUserSchema), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** 409: the tenant already has a user with this email or username (a registration, a new user). */
export const userExists = (field: 'email' | 'username') => conflict(`a user with this ${field} already exists`, { field });
