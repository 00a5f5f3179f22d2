import { z } from 'zod';
import { distinctIds, trimmedMatching } from './common';
import { adminRoleSchema, businessTypeSchema, consentTypeSchema, riskLevelSchema, verificationStatusSchema } from './enums';
import { passwordSchema } from './password';

/**
 * Registration of customers (contract endpoints 4 and 5) and the onboarding around it: consents,
 * verification review, activation. One schema per wizard step; the step schemas compose into the
 * registration bodies, so the wizard and the route parse with the very same rules.
 * Required-ness is our design (the contract leaves it open); see docs/onboarding.md.
 */
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const optText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
export const isoDateSchema = z.iso.date({ message: 'must be a date like 1990-04-21' });
export const countrySchema = trimmedMatching(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO 3166 country code').transform((v) => v.toUpperCase());
export const phoneSchema = trimmedMatching(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number like +4915112345678');
export const emailSchema = z
  .email({ message: 'must be a valid email address' })
  .max(254)
  .transform((v) => v.toLowerCase());
export const GENDERS = ['MALE', 'FEMALE', 'OTHER', 'UNDISCLOSED'] as const;
export const genderSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(GENDERS, { error: `must be one of ${GENDERS.join(', ')}` }));

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/**
 * Documents one customer may hold, replaced ones included (they are kept as the case's history): at
 * 5 MiB each, 250 MiB of one customer's files at most. A review asks for a handful (identity, proof
 * of address, registry extract, representatives' documents); revision rounds replace some.
 */
export const MAX_DOCUMENTS_PER_CUSTOMER = 50;
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_TYPES = ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE', 'RESIDENCE_PERMIT', 'PROOF_OF_ADDRESS', 'CERTIFICATE_OF_INCORPORATION', 'OTHER'] as const;
/** The registration body may carry a 5 MiB document in base64: its limit is raised accordingly. */
export const REGISTRATION_MAX_BODY_BYTES = 8 * 1024 * 1024;

const adultDateOfBirth = isoDateSchema.refine(
  (v) => {
    const dob = new Date(`${v}T00:00:00Z`);
    const now = new Date();
    const age = now.getUTCFullYear() - dob.getUTCFullYear() - (now < new Date(Date.UTC(now.getUTCFullYear(), dob.getUTCMonth(), dob.getUTCDate())) ? 1 : 0);
    return age >= 18 && age <= 120;
  },
  { message: 'the customer must be at least 18 years old' },
);

const nameValue = z.object({ name: text(100), value: z.string().trim().max(200) });

// --- wizard steps ----------------------------------------------------------------------------

export const categorizationStepSchema = z.object({
  categoryId: z.uuid({ message: 'choose a category' }),
  riskLevel: riskLevelSchema.optional(),
  featureIds: distinctIds(50).optional(),
});

export const personalInfoStepSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  dateOfBirth: adultDateOfBirth,
  nationality: countrySchema.optional(),
  gender: genderSchema.optional(),
  placeOfBirth: optText(100),
  pincode: optText(32),
});

export const CONTACT_TYPES = ['EMAIL', 'PHONE', 'MOBILE'] as const;
export const contactInfoStepSchema = z.object({
  contactType: z.enum(CONTACT_TYPES, { error: `must be one of ${CONTACT_TYPES.join(', ')}` }),
  contactValue: text(254),
  isPrimary: z.boolean().default(true),
});

export const ADDRESS_TYPES = ['RESIDENTIAL', 'POSTAL', 'BUSINESS', 'REGISTERED'] as const;
export const addressInfoStepSchema = z.object({
  addressType: z.enum(ADDRESS_TYPES, { error: `must be one of ${ADDRESS_TYPES.join(', ')}` }).default('RESIDENTIAL'),
  street: text(200),
  building: optText(50),
  city: text(100),
  state: optText(100),
  postalCode: optText(20),
  country: countrySchema,
  isPrimary: z.boolean().default(true),
});

export const documentUploadStepSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: `must be one of ${DOCUMENT_TYPES.join(', ')}` }),
  documentNumber: optText(64),
  issuingCountry: countrySchema.optional(),
  expiryDate: isoDateSchema.optional(),
  documentFile: z
    .string()
    .min(1, 'attach a file')
    .max(Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 200, 'the file must be at most 5 MiB')
    .describe('base64 content (a data: URL prefix is accepted): PDF, PNG or JPEG, at most 5 MiB'),
});

/** More than one document (our addition): the organization wizard's Documents step, or an individual's extra documents. */
export const documentsStepSchema = z.array(documentUploadStepSchema).max(6, 'at most 6 documents per registration');

/** An organization's documents: an identity document names its representative by position (our addition). */
export const organizationDocumentsStepSchema = z
  .array(
    documentUploadStepSchema.extend({
      representativeIndex: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe("a representative's identity document: the person's position in organizationCustomer.organization.representatives, from 0 (our addition)"),
    }),
  )
  .max(6, 'at most 6 documents per registration');

export const consentStepSchema = z.object({
  termsAccepted: z.boolean().default(false),
  privacyAccepted: z.boolean().default(false),
  marketingConsent: z.boolean().default(false),
  dataProcessingConsent: z.boolean().default(false),
});

export const activationStepSchema = z.object({
  activationConfirm: z.boolean().default(false),
  welcomeEmailSent: z.boolean().default(false),
  activationNotes: optText(1000),
});

// --- the contract's nested individualCustomer ----------------------------------------------

const personAddressSchema = z.object({
  id: z.string().optional(),
  type: z.enum(ADDRESS_TYPES, { error: `must be one of ${ADDRESS_TYPES.join(', ')}` }).default('RESIDENTIAL'),
  street: text(200),
  city: text(100),
  state: optText(100),
  postalCode: optText(20),
  country: countrySchema,
  isPrimary: z.boolean().default(false),
});
const personContactSchema = z.object({
  id: z.string().optional(),
  type: z.enum(CONTACT_TYPES, { error: `must be one of ${CONTACT_TYPES.join(', ')}` }),
  value: text(254),
  isPrimary: z.boolean().default(false),
});

export const categorizationSelectionSchema = z.object({
  id: z.uuid().optional(),
  name: optText(100),
  description: optText(500),
  isActive: z.boolean().optional(),
  categoryFeatureRelations: z
    .array(
      z.object({
        feature: z.object({ id: z.uuid().optional(), code: optText(64) }),
        enabled: z.boolean().default(true),
        parametrization: z.array(nameValue).max(50).default([]),
      }),
    )
    .max(50)
    .default([]),
  parametrization: z.array(nameValue).max(50).default([]).describe('values of the features’ mandatory keys, e.g. {name: "employmentStatus", value: "EMPLOYED"}'),
});

export const individualCustomerSchema = z.object({
  tenantId: z.uuid().optional(),
  customerName: optText(200),
  person: z
    .object({
      id: z.string().optional(),
      firstName: optText(100),
      lastName: optText(100),
      email: emailSchema.optional(),
      dateOfBirth: adultDateOfBirth.optional(),
      gender: genderSchema.optional(),
      nationality: countrySchema.optional(),
      placeOfBirth: optText(100),
      pincode: optText(32),
      addresses: z.array(personAddressSchema).max(10).default([]),
      contacts: z.array(personContactSchema).max(10).default([]),
    })
    .optional(),
  user: z
    .object({
      id: z.string().optional(),
      tenantId: z.uuid().optional(),
      username: z
        .string()
        .trim()
        .min(3)
        .max(64)
        .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -')
        .optional(),
      email: emailSchema.optional(),
      password: z.string().optional(),
      status: optText(32),
      roles: z.array(z.string()).max(10).optional(),
      isActive: z.boolean().optional(),
    })
    .optional(),
  categorization: categorizationSelectionSchema.optional(),
});

/** The self sign-up's draft link token (docs/drafts.md): `drt_` and 32 random bytes in base64url. */
export const RESUME_TOKEN_PATTERN = /^drt_[A-Za-z0-9_-]{43}$/;
/** The draft a registration finishes (docs/drafts.md): consumed in the registration's transaction. */
const draftReferenceFields = {
  draftId: z.uuid({ message: 'must be a UUID' }).optional().describe('the draft this registration finishes (a staff session); it is consumed with the registration (our addition)'),
  draftResumeToken: z
    .string()
    .regex(RESUME_TOKEN_PATTERN, 'must be a resume token (drt_…)')
    .optional()
    .describe("a self sign-up's draft, named by its resume token; it is consumed with the registration (our addition)"),
};

export const matchingPasswords = <T extends { password: string; matchingPassword: string }>(body: T, ctx: z.RefinementCtx) => {
  if (body.password !== body.matchingPassword) ctx.addIssue({ code: 'custom', path: ['matchingPassword'], message: 'passwords do not match' });
};

/** The login of a new individual customer: the registration body's top-level fields (the wizard's account step). */
export const accountStepFields = {
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: passwordSchema,
  matchingPassword: z.string().max(128),
};

// POST /api/v2.1/customer/individual/registration
export const individualRegistrationBodySchema = z
  .object({
    firstName: optText(100),
    lastName: optText(100),
    ...accountStepFields,
    dateOfBirth: adultDateOfBirth.optional(),
    gender: genderSchema.optional(),
    nationality: countrySchema.optional(),
    placeOfBirth: optText(100),
    pincode: optText(32),
    roleIds: z.array(z.string()).max(10).optional(),
    customerCategory: z.object({ id: z.uuid().optional(), name: optText(100) }).optional(),
    individualCustomer: individualCustomerSchema.optional(),
    CATEGORIZATION: categorizationStepSchema.optional(),
    PERSONAL_INFO: personalInfoStepSchema.partial().optional(),
    CONTACT_INFO: contactInfoStepSchema.optional(),
    ADDRESS_INFO: addressInfoStepSchema.optional(),
    DOCUMENT_UPLOAD: documentUploadStepSchema.optional(),
    DOCUMENTS: documentsStepSchema.optional(),
    CONSENT: consentStepSchema.optional(),
    ACTIVATION: activationStepSchema.optional(),
    ...draftReferenceFields,
  })
  .superRefine(matchingPasswords);
export type IndividualRegistrationBody = z.infer<typeof individualRegistrationBodySchema>;

export const consentSummarySchema = z.object({
  accepted: z.array(consentTypeSchema),
  missingRequired: z.array(consentTypeSchema),
});

export const registrationResultSchema = z.object({
  customerId: z.uuid(),
  userId: z.uuid(),
  customerStatus: z.literal('PENDING_ACTIVATION'),
  verificationId: z.uuid(),
  verificationStatus: verificationStatusSchema,
  categoryId: z.uuid().nullable(),
  riskLevel: riskLevelSchema.nullable(),
  missingConsents: z.array(consentTypeSchema).describe('required consents still to accept before activation'),
  registeredBy: z.uuid().nullable().describe('the admin user who registered the customer; null for self sign-up'),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

// --- organizations -------------------------------------------------------------------------

export const representativeSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  position: optText(100),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  dateOfBirth: isoDateSchema.optional(),
  nationality: countrySchema.optional(),
  isPrimaryOwner: z.boolean().default(false),
  ownershipShare: z.number({ error: 'must be a number from 0 to 100' }).min(0, 'must be at least 0').max(100, 'must be at most 100').default(0),
});
export const MAX_TOTAL_OWNERSHIP = 100;

export const companyStepSchema = z.object({
  legalName: text(200),
  tradingName: optText(200),
  registrationNumber: text(64),
  taxId: optText(64),
  incorporationDate: isoDateSchema.optional(),
  legalForm: optText(64),
  industry: optText(100),
  businessDescription: optText(2000),
  website: z.url({ message: 'must be an absolute URL' }).max(200).optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  businessType: businessTypeSchema.default('BUSINESS_TYPE_CLIENT_TO_TENANT'),
});

export const organizationAddressSchema = z.object({
  type: z.enum(ADDRESS_TYPES, { error: `must be one of ${ADDRESS_TYPES.join(', ')}` }).default('REGISTERED'),
  street: text(200),
  city: text(100),
  postalCode: optText(20),
  country: countrySchema,
  isPrimary: z.boolean().default(false),
});

/** The organization's addresses (the organization wizard's addresses step). */
export const organizationAddressesSchema = z.array(organizationAddressSchema).max(10);

export const representativesSchema = z
  .array(representativeSchema)
  .max(25)
  .superRefine((reps, ctx) => {
    const total = reps.reduce((sum, r) => sum + (r.ownershipShare ?? 0), 0);
    if (total > MAX_TOTAL_OWNERSHIP + 1e-9) ctx.addIssue({ code: 'custom', message: `ownership shares add up to ${Math.round(total * 100) / 100}%; at most 100% is possible` });
  });

export const organizationAdminUserSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -')
    .optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  status: optText(32),
  roles: z.array(adminRoleSchema).max(4).optional(),
});

/**
 * The login of an organization's default administrator: the registration body's top-level fields
 * (the organization wizard's administrator step, with organizationAdminUserSchema's username).
 */
export const organizationAccountStepFields = {
  email: emailSchema,
  password: passwordSchema,
  matchingPassword: z.string().max(128),
};

// POST /api/v2.1/customer/organization/registration
export const organizationRegistrationBodySchema = z
  .object({
    organizationId: z.string().optional(),
    ...organizationAccountStepFields,
    roleIds: z.array(z.string()).max(10).optional(),
    customerCategory: z.object({ id: z.uuid().optional(), name: optText(100) }).optional(),
    organizationCustomer: z.object({
      customerName: optText(200),
      organization: companyStepSchema.extend({
        addresses: organizationAddressesSchema.default([]),
        representatives: representativesSchema.default([]),
      }),
      user: organizationAdminUserSchema.optional(),
      categorization: categorizationSelectionSchema.optional(),
    }),
    DOCUMENTS: organizationDocumentsStepSchema.optional().describe("company registration extract, proof of address, each representative's identity document"),
    CONSENT: consentStepSchema.optional(),
    ACTIVATION: activationStepSchema.optional(),
    ...draftReferenceFields,
  })
  .superRefine(matchingPasswords);
export type OrganizationRegistrationBody = z.infer<typeof organizationRegistrationBodySchema>;

export const organizationRegistrationResultSchema = registrationResultSchema.extend({
  organizationId: z.uuid(),
  adminUserId: z.uuid(),
  businessType: businessTypeSchema,
});

// --- consents, verification, activation ---------------------------------------------------

export const CONSENT_SLUGS = { terms: 'TERMS', privacy: 'PRIVACY_POLICY', 'data-processing': 'DATA_PROCESSING', marketing: 'MARKETING' } as const;
export const consentSlugSchema = z.enum(Object.keys(CONSENT_SLUGS) as [keyof typeof CONSENT_SLUGS, ...(keyof typeof CONSENT_SLUGS)[]], {
  error: `must be one of ${Object.keys(CONSENT_SLUGS).join(', ')}`,
});
export const customerParamsSchema = z.object({ customerId: z.uuid({ message: 'must be a UUID' }) });
export const consentParamsSchema = customerParamsSchema.extend({ consent: consentSlugSchema });
export const consentBodySchema = z.object({ version: optText(32).describe('the text version accepted; default the current one') }).default({});

export const noteBodySchema = z.object({ body: text(4000) });
export const assignBodySchema = z.object({ assigneeUserId: z.uuid().nullable().optional().describe('default: the caller; null unassigns') }).default({});
export const verificationParamsSchema = z.object({ verificationId: z.uuid({ message: 'must be a UUID' }) });
export const documentParamsSchema = verificationParamsSchema.extend({ documentId: z.uuid({ message: 'must be a UUID' }) });

export const VERIFICATION_SORTS = ['submittedAt', '-submittedAt', 'updatedAt', '-updatedAt', 'status'] as const;
export const listVerificationsQuerySchema = z.object({
  status: z
    .union([verificationStatusSchema, z.array(verificationStatusSchema)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']).optional(),
  assignee: z.union([z.enum(['me', 'unassigned', 'mine_and_unassigned', 'any']), z.uuid()]).default('any'),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
  q: z.string().trim().max(100).optional(),
  riskLevel: riskLevelSchema.optional(),
  olderThanHours: z.coerce.number().int().min(0).max(8760).optional().describe('only cases submitted more than this many hours ago (48: past the SLA)'),
  sort: z.enum(VERIFICATION_SORTS).default('submittedAt'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const deactivationBodySchema = z.object({
  status: z.enum(['SUSPENDED', 'CLOSED'], { error: 'must be SUSPENDED or CLOSED' }),
  reason: text(500),
});

// --- categorization administration ---------------------------------------------------------

// The update schemas are built from the fields without their defaults: a PATCH that leaves a field
// out must leave it as it is (zod's .partial() keeps .default(), which reset omitted fields).
const categorizationCode = trimmedMatching(/^[A-Z][A-Z0-9_]{1,63}$/, 'must be UPPER_SNAKE_CASE');
const featureFields = {
  name: text(100),
  description: optText(500),
  mandatoryKeys: z.array(trimmedMatching(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be an identifier')).max(20),
  allowedValues: z.record(z.string(), z.array(text(100)).min(1).max(100)),
};
export const createFeatureBodySchema = z.object({
  code: categorizationCode,
  ...featureFields,
  mandatoryKeys: featureFields.mandatoryKeys.default([]),
  allowedValues: featureFields.allowedValues.default({}),
});
export const updateFeatureBodySchema = z.object(featureFields).partial();
const categoryFields = {
  name: text(100),
  description: optText(500),
  customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']),
  riskLevel: riskLevelSchema,
  isActive: z.boolean(),
  featureIds: distinctIds(50),
};
export const createCategoryBodySchema = z.object({
  code: categorizationCode,
  ...categoryFields,
  customerType: categoryFields.customerType.default('INDIVIDUAL'),
  isActive: categoryFields.isActive.default(true),
  featureIds: categoryFields.featureIds.default([]),
});
export const updateCategoryBodySchema = z.object(categoryFields).partial();
export const idParamsSchema = z.object({ id: z.uuid({ message: 'must be a UUID' }) });

/** POST …/{customerId}/activation: the customer once active. */
export const activationResultSchema = z.object({
  customerId: z.uuid(),
  customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']),
  customerStatus: z.literal('ACTIVE'),
  activatedAt: z.string(),
  verificationStatus: z.literal('APPROVED'),
});

/** POST …/{customerId}/deactivation: the customer after the change. */
export const deactivationResultSchema = z.object({
  customerId: z.uuid(),
  customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']),
  customerStatus: z.enum(['SUSPENDED', 'CLOSED']),
  reason: z.string(),
});
