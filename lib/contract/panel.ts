import { z } from 'zod';

/** The panel's sign-in form; the same schema validates on the client and in next-auth's authorize(). */
export const panelSignInSchema = z.object({
  tenantId: z.uuid({ message: 'enter the tenant ID (a UUID)' }),
  username: z.string().trim().min(1, 'enter your username or email').max(254),
  password: z.string().min(1, 'enter your password').max(1024),
});
export type PanelSignIn = z.infer<typeof panelSignInSchema>;

/**
 * The `details` of the 403 a customer's user gets from the panel's sign-in with the right password:
 * the panel is for the tenant's staff, customers use the API (not counted as a failed attempt).
 */
export const PANEL_CUSTOMER_ACCOUNT = 'customer accounts sign in through the API, not the panel';

/** What a failed sign-in tells the form (from the identity service's error envelope). */
export const panelSignInErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  details: z.string().optional(),
  attempts: z.number().int().optional(),
  maxAttempts: z.number().int().optional(),
  lockoutTime: z.string().nullable().optional(),
  lockoutDuration: z.number().int().optional(),
  retryAfter: z.number().int().optional(),
});
export type PanelSignInError = z.infer<typeof panelSignInErrorSchema>;

/** POST /api/v2.1/panel/card-token: a short-lived card API token for the signed-in panel user. */
export const panelCardTokenSchema = z.object({
  token: z.string().describe('bearer token of a CARD_API session (no refresh token)'),
  expiresAt: z.string().describe('ISO timestamp'),
  expiresIn: z.number().int().describe('seconds'),
  clientIp: z.string().describe('the caller’s address as the server saw it, for the card API’s X-Forwarded-For'),
});
export type PanelCardToken = z.infer<typeof panelCardTokenSchema>;
