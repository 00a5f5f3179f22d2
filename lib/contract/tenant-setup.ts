import { z } from 'zod';
import { categorySchema } from './categorization';
import { consentTextInForceSchema } from './consent-templates';
import { isoDateTimeSchema, trimmedMatching } from './common';
import { tenantStatusSchema } from './enums';
import { referenceDataVersionsSchema } from './reference-data';

/**
 * A tenant's set-up (docs/tenant-setup.md): its branding (display name, logo, primary colour), the
 * first-run checklist of its administrator, and the preload document a panel or the tenant's own
 * frontend starts from. The checklist and the preload are tables (SETUP_STEPS here, the checks and
 * the preload's sections in lib/services/tenants/setup.ts): a new area is one more row.
 */

// ------------------------------------------------------------------------------------ branding

export const DISPLAY_NAME_MAX = 60;
/** The panel's own colour (tailwind brand-600): the primary colour of a tenant that chose none. */
export const DEFAULT_PRIMARY_COLOR = '#1f57cf';
/** White text on the primary colour (buttons, the mark) must stay readable: WCAG AA for normal text. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;
/** The logo's largest decoded size: a small mark, shown at 32 px in the panel and sent in every preload. */
export const LOGO_MAX_BYTES = 32 * 1024;
/** Raster images only: an SVG may carry script and external references; these three cannot. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

/** WCAG 2 relative luminance of #rrggbb. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Contrast ratio of white text on #rrggbb, e.g. 5.9 for the default colour. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The first bytes each type starts with (a file named .png that is not one is refused). */
function signatureMatches(mime: LogoMimeType, bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (mime === 'image/png') return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  if (mime === 'image/jpeg') return starts(0xff, 0xd8, 0xff);
  // RIFF....WEBP
  return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
}

/** Decoded size of base64 text without decoding it. */
const decodedSize = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

export const displayNameSchema = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
  .describe('the name the panel and the tenant’s frontend show');

export const primaryColorSchema = trimmedMatching(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #RRGGBB, e.g. #1F57CF')
  .transform((c) => c.toLowerCase())
  .refine((c) => contrastWithWhite(c) >= MIN_CONTRAST_WITH_WHITE, {
    error: (issue) => `must be dark enough for white text: contrast ${contrastWithWhite(String(issue.input).toLowerCase()).toFixed(2)}:1, at least ${MIN_CONTRAST_WITH_WHITE}:1 needed`,
  })
  .describe('primary colour of buttons and the mark, #rrggbb; white text on it must reach 4.5:1 (WCAG AA)');

export const logoSchema = z
  .string()
  .superRefine((value, ctx) => {
    const m = DATA_URL.exec(value);
    if (!m) return void ctx.addIssue({ code: 'custom', message: 'must be a PNG, JPEG or WebP image as a data: URL (data:image/png;base64,...)' });
    const [, mime, b64] = m as unknown as [string, LogoMimeType, string];
    if (decodedSize(b64) > LOGO_MAX_BYTES) return void ctx.addIssue({ code: 'custom', message: `must be at most ${LOGO_MAX_BYTES / 1024} KiB` });
    const head = Uint8Array.from(atob(b64.slice(0, 16)), (ch) => ch.charCodeAt(0));
    if (!signatureMatches(mime, head)) ctx.addIssue({ code: 'custom', message: `is not a ${mime.slice(6).toUpperCase()} image` });
  })
  .describe(`the logo as a data: URL of a PNG, JPEG or WebP image, at most ${LOGO_MAX_BYTES / 1024} KiB (no SVG: it can carry script)`);

export const brandingSchema = z.object({
  displayName: z.string().describe('the tenant’s name until its administrator sets one'),
  logo: z.string().nullable().describe('data: URL of the logo (PNG, JPEG or WebP), null when none'),
  primaryColor: z.string().describe(`#rrggbb; ${DEFAULT_PRIMARY_COLOR} until set`),
  customized: z.boolean().describe('the administrator has saved a branding'),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

// PUT /api/v2.1/tenant/branding
export const updateBrandingBodySchema = z
  .object({
    displayName: displayNameSchema,
    logo: logoSchema.nullable().describe('null removes the logo'),
    primaryColor: primaryColorSchema,
  })
  .strict();
export type UpdateBrandingBody = z.input<typeof updateBrandingBodySchema>;

// ------------------------------------------------------------------------------- the checklist

/**
 * The first-run checklist of a tenant's administrator, in the order it is shown. Each step links to
 * its screen; the service ticks it from what exists in the database (SETUP_CHECKS in
 * lib/services/tenants/setup.ts, one SQL condition per step). A new area is one row here and one
 * check there.
 */
export const SETUP_STEPS = {
  branding: { title: 'Brand the panel', description: 'Your display name, logo and colour on the panel and in the preload your own frontend reads.', href: '/settings/branding' },
  reviewSettings: { title: 'Review the approval rules', description: 'Decide whether organizations and high-risk customers need two approvals, and save.', href: '/review-settings' },
  consentTemplates: {
    title: 'Publish your consent texts',
    description: 'Your own terms, privacy policy and data processing texts: customers accept the version in force (a default 1.0 stands until then).',
    href: '/consent-templates',
  },
  products: { title: 'Set up your products', description: 'Wallet and card products with their fees and limits (a free default stands until then).', href: '/products' },
  firstOfficer: { title: 'Add a compliance officer', description: 'A user with the compliance officer role reviews registrations and AML alerts.', href: '/users' },
  webhook: { title: 'Subscribe a webhook', description: 'An endpoint of yours that hears about registrations, reviews and transfers.', href: '/webhooks' },
} as const satisfies Record<string, { title: string; description: string; href: string }>;
export type SetupStepId = keyof typeof SETUP_STEPS;
export const SETUP_STEP_IDS = Object.keys(SETUP_STEPS) as [SetupStepId, ...SetupStepId[]];

export const setupStepSchema = z.object({
  id: z.enum(SETUP_STEP_IDS),
  title: z.string(),
  description: z.string(),
  href: z.string().describe('the panel screen of the step'),
  done: z.boolean().describe('ticked from what exists (not from a click)'),
});

// GET /api/v2.1/tenant/setup
export const tenantSetupSchema = z.object({
  complete: z.boolean().describe('every step is done'),
  done: z.number().int(),
  total: z.number().int(),
  steps: z.array(setupStepSchema),
});
export type TenantSetup = z.infer<typeof tenantSetupSchema>;

// ------------------------------------------------------------------------------------- preload

export const MODULES = {
  onboarding: 'Customer registration and review (KYC/KYB)',
  wallets: 'Wallets, beneficiaries and transfers',
  cards: 'Virtual cards',
  aml: 'AML screening and transaction monitoring',
  webhooks: 'Webhooks',
} as const;
export type ModuleKey = keyof typeof MODULES;

export const moduleSchema = z.object({
  key: z.enum(Object.keys(MODULES) as [ModuleKey, ...ModuleKey[]]),
  label: z.string(),
  enabled: z.boolean(),
  sandbox: z.boolean().describe('served by a sandbox here: test cards, demo money'),
});

/**
 * GET /api/v2.1/preload: what a panel or the tenant's own frontend needs to start, in one call. One
 * member per section (lib/services/tenants/setup.ts PRELOAD_SECTIONS loads each); a new area adds
 * one member here and one loader there.
 */
export const preloadSchema = z.object({
  tenant: z.object({ id: z.uuid(), name: z.string(), status: tenantStatusSchema }),
  branding: brandingSchema,
  modules: z.array(moduleSchema),
  referenceData: referenceDataVersionsSchema.describe('the ETag of each list of GET /reference-data/{kind}: refetch a list only when its version changed'),
  categories: z.array(categorySchema).describe('the active categories of the tenant’s hierarchy, with their features'),
  consents: z.array(consentTextInForceSchema).describe('the consent texts in force, which a registration asks to accept'),
});
export type Preload = z.infer<typeof preloadSchema>;

/**
 * The preload is the tenant's own (branding, categories): a browser keeps it a minute, no shared
 * cache keeps it (a suspended tenant's document must not outlive the suspension in a proxy), and
 * it varies with X-Tenant-ID.
 */
export const PRELOAD_CACHE_CONTROL = 'private, max-age=60';
