import { z } from 'zod';
import { CONSENT_CHANNELS, CONSENT_TYPES, REQUIRED_CONSENT_TYPES, consentTypeSchema, type ConsentType } from './enums';
import { CONSENT_SLUGS, consentSlugSchema } from './onboarding';

/**
 * Consent templates (issue 29, item 1): a tenant's versions of each consent text. A version is a
 * DRAFT until published; a published version never changes; the newest published version of a kind
 * is the one in force. Publishing a MATERIAL version asks every customer who accepted an older one
 * to accept again (docs/consent-templates.md). The kinds are the consents' own (TERMS,
 * PRIVACY_POLICY, DATA_PROCESSING required; MARKETING optional), addressed by their slugs.
 */
export const CONSENT_TEMPLATE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_TITLE_MAX = 200;
export const CONSENT_BODY_MAX = 50_000;
export const CONSENT_CHANGE_SUMMARY_MAX = 500;

/** Words for the kinds (screens, default titles). */
export const CONSENT_KIND_LABELS: Record<ConsentType, string> = {
  TERMS: 'Terms and conditions',
  PRIVACY_POLICY: 'Privacy policy',
  DATA_PROCESSING: 'Data processing',
  MARKETING: 'Marketing',
};
export const slugOfConsentType = (type: ConsentType) => (Object.entries(CONSENT_SLUGS) as [keyof typeof CONSENT_SLUGS, ConsentType][]).find(([, t]) => t === type)![0];
export const isRequiredConsent = (type: ConsentType) => (REQUIRED_CONSENT_TYPES as readonly ConsentType[]).includes(type);
export { CONSENT_TYPES };

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const consentKindParamsSchema = z.object({ kind: consentSlugSchema });
export const consentVersionParamsSchema = consentKindParamsSchema.extend({
  version: z.string().regex(/^[1-9]\d{0,5}\.\d{1,6}$/, 'must be a version like 2.0'),
});

// POST /api/v2.1/consent-templates/{kind}/versions
export const createConsentVersionBodySchema = z.object({
  title: text(CONSENT_TITLE_MAX).describe('the heading shown above the text'),
  body: text(CONSENT_BODY_MAX).describe('the text itself (plain text or Markdown); its SHA-256 is kept with every acceptance'),
  material: z
    .boolean({ error: 'must be true or false' })
    .describe(
      'true: a material change; once published, customers who accepted an older version must accept this one again (the version becomes the next major: 2.0, 3.0); false: an editorial change (1.1, 1.2), earlier acceptances stay valid',
    ),
  changeSummary: z.string().trim().max(CONSENT_CHANGE_SUMMARY_MAX, `must be at most ${CONSENT_CHANGE_SUMMARY_MAX} characters`).optional().describe('what changed, for the version history'),
});
export type CreateConsentVersionBody = z.infer<typeof createConsentVersionBodySchema>;

export const consentTemplateVersionSchema = z.object({
  id: z.uuid(),
  consentType: consentTypeSchema,
  version: z.string().describe('major.minor: a material change raises the major, an editorial one the minor'),
  status: z.enum(CONSENT_TEMPLATE_STATUSES),
  inForce: z.boolean().describe('the newest published version: the one customers accept'),
  material: z.boolean(),
  title: z.string(),
  body: z.string(),
  sha256: z.string().describe('hex SHA-256 of the UTF-8 body'),
  changeSummary: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.uuid().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.uuid().nullable(),
});
export type ConsentTemplateVersion = z.infer<typeof consentTemplateVersionSchema>;

/** One kind: what is in force, the open draft, whether the tenant wrote its own. */
export const consentTemplateSummarySchema = z.object({
  consentType: consentTypeSchema,
  kind: consentSlugSchema.describe('the slug of the paths'),
  label: z.string(),
  required: z.boolean().describe('activation needs it accepted'),
  versionInForce: z.string(),
  titleInForce: z.string(),
  publishedAt: z.string(),
  draftVersion: z.string().nullable(),
  customized: z.boolean().describe('the tenant published a version of its own (not only the default 1.0)'),
  reconsentPending: z.number().int().describe('customers who accepted an older version and must accept the one in force again'),
});
export const consentTemplateListSchema = z.object({ items: z.array(consentTemplateSummarySchema) });
export const consentTemplateSchema = consentTemplateSummarySchema.extend({
  versions: z.array(consentTemplateVersionSchema).describe('newest first; the draft, if any, first'),
});
export type ConsentTemplate = z.infer<typeof consentTemplateSchema>;

export const publishedConsentVersionSchema = consentTemplateVersionSchema.extend({
  reconsentRequired: z.number().int().describe('customers now asked to accept again (0 for an editorial change)'),
});

/** The texts in force (public: a tenant's sign-up pages and the wizards show them). */
export const consentTextInForceSchema = z.object({
  consentType: consentTypeSchema,
  kind: consentSlugSchema,
  required: z.boolean(),
  version: z.string(),
  title: z.string(),
  body: z.string(),
  sha256: z.string(),
  publishedAt: z.string(),
});
export type ConsentTextInForce = z.infer<typeof consentTextInForceSchema>;
export const consentTextsInForceSchema = z.object({ items: z.array(consentTextInForceSchema) });

/** A customer's consent accepted in an older version than the material one in force. */
export const reconsentItemSchema = z.object({
  consentType: consentTypeSchema,
  acceptedVersion: z.string(),
  versionInForce: z.string(),
});
export type ReconsentItem = z.infer<typeof reconsentItemSchema>;
