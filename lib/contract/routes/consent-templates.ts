import { z } from 'zod';
import { conflict } from '../api-errors';
import {
  consentKindParamsSchema,
  consentTemplateListSchema,
  consentTemplateSchema,
  consentTemplateVersionSchema,
  consentTextsInForceSchema,
  consentVersionParamsSchema,
  createConsentVersionBodySchema,
  publishedConsentVersionSchema,
} from '../consent-templates';
import { consentTypeSchema } from '../enums';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------ consent templates
const tags = ['Consent templates'];
const admin = { tags, auth: 'bearer', allow: 'consent:configure' } as const;
const base = '/api/v2.1/consent-templates';

const list = defineRoute({
  ...admin,
  method: 'GET',
  path: base,
  summary: 'Every consent kind: the version in force, the open draft, customers asked to accept again',
  response: consentTemplateListSchema,
});

const get = defineRoute({
  ...admin,
  method: 'GET',
  path: `${base}/{kind}`,
  summary: 'One consent kind with all its versions (the draft first, then newest first)',
  params: consentKindParamsSchema,
  response: consentTemplateSchema,
});

const createVersion = defineRoute({
  ...admin,
  method: 'POST',
  path: `${base}/{kind}/versions`,
  idempotency: true,
  summary: 'Draft a new version of a consent text (one open draft per kind)',
  description:
    'The version label follows from `material`: a material change is the next major (2.0), an editorial one the next minor (1.1). Nothing is shown to customers before it is published.',
  message: 'consent draft created',
  params: consentKindParamsSchema,
  body: createConsentVersionBodySchema,
  response: consentTemplateVersionSchema,
  errors: [conflict('a draft of TERMS (version 2.0) is open; publish or discard it first')],
});

const publish = defineRoute({
  ...admin,
  method: 'POST',
  path: `${base}/{kind}/versions/{version}/publish`,
  summary: 'Publish a draft: it is in force from now on and never changes',
  description:
    'A material version asks every customer who accepted an older version to accept it again: their consents show it in `reconsentRequired` and activation answers 400 RECONSENT_REQUIRED until they do. Emits `consent.template.published`.',
  message: 'consent version published',
  params: consentVersionParamsSchema,
  response: publishedConsentVersionSchema,
  errors: [conflict('version 2.0 of TERMS is already published; a published version cannot change')],
});

const discard = defineRoute({
  ...admin,
  method: 'DELETE',
  path: `${base}/{kind}/versions/{version}`,
  summary: 'Discard a draft (a published version stays)',
  message: 'consent draft discarded',
  params: consentVersionParamsSchema,
  response: z.object({ consentType: consentTypeSchema, version: z.string(), discarded: z.literal(true) }),
  errors: [conflict('version 1.0 of TERMS is published; a published version cannot be discarded')],
});

const inForce = defineRoute({
  method: 'GET',
  path: '/api/v2.1/consent-texts',
  tags,
  auth: 'tenant',
  summary: "The X-Tenant-ID tenant's consent texts in force (public: sign-up pages show them before asking)",
  response: consentTextsInForceSchema,
});

export const consentTemplateRoutes = { list, get, createVersion, publish, discard, inForce };
