import { isIP } from 'node:net';
import { z } from 'zod';
import { platformSchema } from './enums';

/**
 * The context headers of the contract. Header names are case-insensitive on the wire; the keys here
 * are the contract's spelling and are what error messages name.
 */
export const CONTEXT_HEADERS = ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId', 'User-Agent', 'sec-ch-ua-platform'] as const;
export type ContextHeaderName = (typeof CONTEXT_HEADERS)[number];

/** printable ASCII, no control characters; a sane identifier for logs */
const SAFE_TOKEN = /^[A-Za-z0-9._:@/+=-]+$/;

export const tenantIdHeaderSchema = z.uuid({ message: 'must be a tenant UUID' }).describe('tenant the call acts in');

/** `X-Forwarded-For`: one IP or a comma-separated list of IPs (v4 or v6), the first being the end user. */
export const forwardedForHeaderSchema = z
  .string()
  .max(512, 'must be at most 512 characters')
  .refine(
    (value) => {
      const parts = value.split(',').map((p) => p.trim());
      return parts.length > 0 && parts.length <= 16 && parts.every((p) => isIP(p) !== 0);
    },
    { message: 'must be an IP address or a comma-separated list of IP addresses' },
  )
  .describe('end-user IP address (a list when proxies appended theirs)');

export const forwardedFromHeaderSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .regex(SAFE_TOKEN, 'may contain only letters, digits and . _ : @ / + = -')
  .describe('originating service name');

export const platformHeaderSchema = platformSchema.describe('client platform: web, ios or android');

export const deviceIdHeaderSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .regex(SAFE_TOKEN, 'may contain only letters, digits and . _ : @ / + = -')
  .describe('unique device or session identifier');

export const userAgentHeaderSchema = z.string().min(1, 'must not be empty').max(512, 'must be at most 512 characters').describe('client user agent');

export const secChUaPlatformHeaderSchema = z.string().max(64, 'must be at most 64 characters').describe('client hint: operating system');

export const contextHeaderSchemas = {
  'X-Tenant-ID': tenantIdHeaderSchema,
  'X-Forwarded-For': forwardedForHeaderSchema,
  'X-Forwarded-From': forwardedFromHeaderSchema,
  platform: platformHeaderSchema,
  deviceId: deviceIdHeaderSchema,
  'User-Agent': userAgentHeaderSchema,
  'sec-ch-ua-platform': secChUaPlatformHeaderSchema,
} as const satisfies Record<ContextHeaderName, z.ZodType>;

export type ContextHeaders = {
  'X-Tenant-ID': string;
  'X-Forwarded-For': string;
  'X-Forwarded-From': string;
  platform: z.infer<typeof platformHeaderSchema>;
  deviceId: string;
  'User-Agent': string;
  'sec-ch-ua-platform': string;
};

/** Which headers each endpoint of the contract requires; the rest of CONTEXT_HEADERS are optional. */
export const REQUIRED_HEADERS = {
  adminSession: ['User-Agent', 'X-Forwarded-For', 'X-Tenant-ID', 'X-Forwarded-From', 'platform', 'deviceId'],
  customerSession: ['X-Forwarded-For', 'X-Tenant-ID', 'X-Forwarded-From', 'platform', 'deviceId'],
  login: ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'],
  card: ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'],
  tenantOnly: ['X-Tenant-ID'],
} as const satisfies Record<string, readonly ContextHeaderName[]>;

/** The request id we echo: a sane client value is kept, anything else is replaced. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** First address of an X-Forwarded-For list: the end user. */
export function endUserIp(forwardedFor: string): string {
  return forwardedFor.split(',')[0]!.trim();
}
