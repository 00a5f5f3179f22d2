import { z } from 'zod';
import {
  accountStepFields,
  activationStepSchema,
  addressInfoStepSchema,
  categorizationStepSchema,
  companyStepSchema,
  consentStepSchema,
  contactInfoStepSchema,
  documentUploadStepSchema,
  organizationAccountStepFields,
  organizationAddressSchema,
  organizationAdminUserSchema,
  organizationDocumentsStepSchema,
  personalInfoStepSchema,
  representativeSchema,
  RESUME_TOKEN_PATTERN,
} from './onboarding';

/** The self sign-up's link token: `drt_` and 32 random bytes in base64url; only its SHA-256 is stored. */
export { RESUME_TOKEN_PATTERN };
import { pageQuerySchema, pageSchema } from './envelopes';

/**
 * Registration drafts (docs/drafts.md): what a registration wizard has typed so far, saved to the
 * server as it goes so that it can be finished on another device. The content is the wizard's own
 * shape, validated loosely: every field optional, each field checked with the very schema of
 * lib/contract/onboarding.ts that the registration applies (`.partial()` of the step schemas, not a
 * copy). What a draft never holds is not in these schemas, so zod strips it before anything is
 * written: the password and its repetition, and a document's bytes (`documentFile`).
 */

/** A draft expires this many days after its last save; then it is refused (410) and the retention job removes it. */
export const DRAFT_TTL_DAYS = 30;
/** The largest draft content, as JSON (without passwords and files a full organization is ~10 KiB). */
export const MAX_DRAFT_CONTENT_BYTES = 64 * 1024;
/** The wizards' last step (the organization's review); a saved step is at most this. */
export const MAX_DRAFT_STEP = 7;
/** What a draft never keeps: the login's secrets and the documents' bytes (the wizard asks for them again). */
export const DRAFT_NEVER_KEPT = ['password', 'matchingPassword', 'documentFile'] as const;

/**
 * A member a draft accepts and throws away: a client may send its whole form (bodies are strict
 * everywhere else, docs/errors.md), and the password or a file's bytes are dropped before anything
 * is written.
 */
const discarded = (what: string) =>
  z
    .unknown()
    .transform((): undefined => undefined)
    .optional()
    .describe(`accepted and discarded: a draft never keeps ${what}`);
const secrets = { password: discarded('a password'), matchingPassword: discarded('a password') };
const withoutFile = documentUploadStepSchema.partial().extend({ documentFile: discarded("a document's bytes (the wizard asks for the file again)") });
const params = z.record(z.string().max(64), z.string().max(200));

/** The individual wizard's values so far (components/onboarding/individual-wizard.tsx). */
export const individualDraftContentSchema = z.object({
  email: accountStepFields.email.optional(),
  phone: accountStepFields.phone,
  ...secrets,
  PERSONAL_INFO: personalInfoStepSchema.partial().optional(),
  CATEGORIZATION: categorizationStepSchema.partial().optional(),
  params: params.optional(),
  CONTACT_INFO: contactInfoStepSchema.partial().optional(),
  ADDRESS_INFO: addressInfoStepSchema.partial().optional(),
  DOCUMENT_UPLOAD: withoutFile.optional(),
  CONSENT: consentStepSchema.partial().optional(),
  ACTIVATION: activationStepSchema.partial().optional(),
});

/** The organization wizard's values so far (components/onboarding/organization-wizard.tsx). */
export const organizationDraftContentSchema = z.object({
  email: organizationAccountStepFields.email.optional(),
  ...secrets,
  organizationCustomer: z
    .object({
      organization: companyStepSchema
        .partial()
        .extend({
          addresses: z.array(organizationAddressSchema.partial()).max(10).optional(),
          representatives: z.array(representativeSchema.partial()).max(25).optional(),
        })
        .optional(),
      user: organizationAdminUserSchema
        .pick({ username: true })
        .partial()
        .extend({ password: discarded('a password') })
        .optional(),
    })
    .optional(),
  categoryId: z.uuid({ message: 'choose a category' }).optional(),
  params: params.optional(),
  DOCUMENTS: z
    .array(organizationDocumentsStepSchema.element.partial().extend({ documentFile: withoutFile.shape.documentFile }))
    .max(6)
    .optional(),
  CONSENT: consentStepSchema.partial().optional(),
  ACTIVATION: activationStepSchema.partial().optional(),
});

export const DRAFT_CUSTOMER_TYPES = ['INDIVIDUAL', 'ORGANIZATION'] as const;
export const draftCustomerTypeSchema = z.enum(DRAFT_CUSTOMER_TYPES, { error: 'must be INDIVIDUAL or ORGANIZATION' });
export type DraftCustomerType = z.infer<typeof draftCustomerTypeSchema>;
export const DRAFT_CONTENT_SCHEMAS = { INDIVIDUAL: individualDraftContentSchema, ORGANIZATION: organizationDraftContentSchema } as const;

const stepSchema = z
  .number({ error: `must be a whole number from 0 to ${MAX_DRAFT_STEP}` })
  .int()
  .min(0)
  .max(MAX_DRAFT_STEP)
  .default(0)
  .describe("the wizard's step to open on resume (0: the first)");
const sized = (content: unknown, ctx: z.RefinementCtx) => {
  const bytes = new TextEncoder().encode(JSON.stringify(content ?? {})).length;
  if (bytes > MAX_DRAFT_CONTENT_BYTES) ctx.addIssue({ code: 'custom', path: ['content'], message: `must be at most ${MAX_DRAFT_CONTENT_BYTES} bytes as JSON (got ${bytes})` });
};

// POST /api/v2.1/drafts and PUT /api/v2.1/drafts/{draftId}: the customer type picks the content's schema
export const saveDraftBodySchema = z
  .discriminatedUnion(
    'customerType',
    [
      z.object({ customerType: z.literal('INDIVIDUAL'), step: stepSchema, content: individualDraftContentSchema.default({}) }),
      z.object({ customerType: z.literal('ORGANIZATION'), step: stepSchema, content: organizationDraftContentSchema.default({}) }),
    ],
    { error: 'must be INDIVIDUAL or ORGANIZATION' },
  )
  .superRefine((body, ctx) => sized(body.content, ctx));
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

export const draftParamsSchema = z.object({ draftId: z.uuid({ message: 'must be a UUID' }) });
export const draftTokenParamsSchema = z.object({ resumeToken: z.string().regex(RESUME_TOKEN_PATTERN, 'must be a resume token (drt_…)') });
export const listDraftsQuerySchema = pageQuerySchema.extend({
  customerType: draftCustomerTypeSchema.optional(),
});

export const draftSummarySchema = z.object({
  id: z.uuid(),
  customerType: draftCustomerTypeSchema,
  status: z.enum(['OPEN', 'CONSUMED']),
  step: z.number().int(),
  label: z.string().nullable().describe("the customer's name as typed so far (a person's first and last name, an organization's legal name), else its email"),
  startedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable().describe('the staff user who started it; null: a self sign-up'),
  selfSignUp: z.boolean(),
  revision: z.number().int().describe('saves so far (1 at creation)'),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().describe(`${DRAFT_TTL_DAYS} days after the last save`),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftSchema = draftSummarySchema.extend({
  content: z.record(z.string(), z.unknown()).describe('the wizard values so far: never a password, never a document file'),
  consumedCustomerId: z.uuid().nullable().describe('the customer its registration created, once CONSUMED'),
});
export type Draft = z.infer<typeof draftSchema>;

export const createdDraftSchema = draftSchema.extend({
  resumeToken: z
    .string()
    .optional()
    .describe('self sign-up only, in this answer only: the link token that resumes the draft (GET/PUT /api/v2.1/drafts/resume/{resumeToken}); only its hash is kept'),
});
export const draftPageSchema = pageSchema(draftSummarySchema);
export const discardedDraftSchema = z.object({ id: z.uuid(), discarded: z.literal(true) });
